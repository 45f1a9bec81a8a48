/** Upshift. */
package dev.upshift.bench;

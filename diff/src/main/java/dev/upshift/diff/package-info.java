/** Upshift. */
package dev.upshift.diff;

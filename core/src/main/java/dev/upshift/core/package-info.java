/** Upshift. */
package dev.upshift.core;

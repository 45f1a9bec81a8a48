/** Upshift. */
package dev.upshift.release;

/** Upshift. */
package dev.upshift.spi;

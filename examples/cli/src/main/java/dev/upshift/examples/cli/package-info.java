/** Upshift. */
package dev.upshift.examples.cli;

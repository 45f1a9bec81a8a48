/** Upshift. */
package dev.upshift.testkit;

/** Upshift. */
package dev.upshift.schedule;

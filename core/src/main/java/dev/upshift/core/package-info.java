/** Upshift's core: the document kinds of a fleet, and (to come) selection, plans and the engine. */
package dev.upshift.core;

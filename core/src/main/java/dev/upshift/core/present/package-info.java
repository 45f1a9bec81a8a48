/**
 * Presentation: every stable rendering of what core computes, for tools and for people. The stable
 * JSON forms of plans ({@link dev.upshift.core.present.PlanJson}), explanations
 * ({@link dev.upshift.core.present.ExplanationJson}), simulations
 * ({@link dev.upshift.core.present.SimulationJson}), a schedule's allowed intervals
 * ({@link dev.upshift.core.present.WindowsJson}) and upgrade paths ({@link dev.upshift.core.present.PathJson}),
 * all written by the one JSON writer ({@code common.tree.JsonText}); and
 * {@link dev.upshift.core.present.HtmlReport}, a simulation and its plan as one self-contained HTML page
 * (inline styles and SVG, no script, nothing fetched).
 *
 * <p>Each form is a function of its arguments, byte for byte: no clock, no locale, no time zone of
 * the machine (times are UTC); the JSON forms only ever add fields. Nothing here reads or writes a
 * file: a page is written to the {@link java.lang.Appendable} it is handed.
 */
package dev.upshift.core.present;

/**
 * Presentation: the stable JSON forms of plans ({@link dev.upshift.core.present.PlanJson}) and simulations
 * ({@link dev.upshift.core.present.SimulationJson}), and {@link dev.upshift.core.present.HtmlReport}, which writes a
 * simulation and its plan as one self-contained HTML page (inline styles and SVG, no script, nothing fetched), the
 * same bytes for the same simulation.
 */
package dev.upshift.core.present;

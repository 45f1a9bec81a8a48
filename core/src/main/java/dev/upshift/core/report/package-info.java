/**
 * Reports for people: {@link dev.upshift.core.report.HtmlReport} writes a simulation and its plan
 * as one self-contained HTML page (inline styles and SVG, no script, nothing fetched), the same
 * bytes for the same simulation.
 */
package dev.upshift.core.report;

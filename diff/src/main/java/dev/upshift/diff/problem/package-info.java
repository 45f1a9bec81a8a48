/**
 * How Upshift reports bad input: {@link dev.upshift.diff.problem.UpshiftException}, the one root
 * exception of every module; {@link dev.upshift.diff.problem.InputException} carrying
 * {@link dev.upshift.diff.problem.Problem}s with file, line, column and field;
 * {@link dev.upshift.diff.problem.SyntaxException} for text that does not parse; and the
 * {@link dev.upshift.diff.problem.Problems} collector that readers fill.
 */
package dev.upshift.diff.problem;

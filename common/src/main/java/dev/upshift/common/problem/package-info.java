/**
 * How Upshift reports bad input: {@link dev.upshift.common.problem.UpshiftException}, the one root
 * exception of every module; {@link dev.upshift.common.problem.InputException} carrying
 * {@link dev.upshift.common.problem.Problem}s with file, line, column and field;
 * {@link dev.upshift.common.problem.SyntaxException} for text that does not parse; and the
 * {@link dev.upshift.common.problem.Problems} collector that readers fill.
 */
package dev.upshift.common.problem;

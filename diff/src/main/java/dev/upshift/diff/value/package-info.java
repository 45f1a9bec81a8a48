/**
 * Small values every module reads and writes the same way: durations as documents write them
 * ({@link dev.upshift.diff.value.Durations}) and how far a version moves
 * ({@link dev.upshift.diff.value.VersionChange}).
 */
package dev.upshift.diff.value;

/**
 * Small values every module reads and writes the same way: durations as documents write them
 * ({@link dev.upshift.common.value.Durations}) and how far a version moves
 * ({@link dev.upshift.common.value.VersionChange}).
 */
package dev.upshift.common.value;

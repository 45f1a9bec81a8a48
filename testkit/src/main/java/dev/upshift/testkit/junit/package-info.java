/**
 * The JUnit 5 extension ({@link dev.upshift.testkit.junit.UpshiftExtension}): a world of fakes, a
 * test clock and the engine for each test, resolved as parameters.
 */
package dev.upshift.testkit.junit;

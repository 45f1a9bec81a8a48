/**
 * Test support for code that embeds Upshift: a controllable clock ({@link dev.upshift.testkit.TestClock}); fakes of
 * every SPI, a fleet builder and policy assertions come next.
 */
package dev.upshift.testkit;

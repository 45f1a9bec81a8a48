/**
 * Oracles: what a valid result is, written from the contracts and not from the code that produces
 * it, so that the engine, a fake or an adapter of your own can be held to them.
 * {@link dev.upshift.testkit.oracle.HistoryRules} is what a valid engine history is (docs/engine.md);
 * the testkit's {@code HistoryAssert.isValid()} and core's own engine tests both use it.
 */
package dev.upshift.testkit.oracle;

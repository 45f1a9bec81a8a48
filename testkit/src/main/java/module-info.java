/**
 * Upshift's testkit: in-memory fakes of every SPI with fault switches, a fleet builder, a
 * controllable clock, an engine wired to the fakes, assertions on plans, explanations, simulations
 * and histories, a JUnit 5 extension, and contract tests for adapter authors (docs/testing.md).
 */
module dev.upshift.testkit {
    requires transitive dev.upshift.core;
    requires transitive dev.upshift.spi;
    // the fakes (dev.upshift.testkit.fake) and the history oracle: the parts that need the SPI only
    requires transitive dev.upshift.testkit.spi;
    requires transitive dev.upshift.front;
    requires static transitive org.junit.jupiter.api;
    requires transitive org.assertj.core;

    exports dev.upshift.testkit;
    exports dev.upshift.testkit.fleet;
    exports dev.upshift.testkit.assertions;
    exports dev.upshift.testkit.contract;
    exports dev.upshift.testkit.junit;
}

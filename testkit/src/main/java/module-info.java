/**
 * Upshift's testkit: fakes of every SPI, a fleet builder, a controllable clock and assertions for
 * policies. Today it holds the clock ({@code TestClock}).
 */
module dev.upshift.testkit {
    requires transitive dev.upshift.core;
    requires transitive dev.upshift.spi;
    requires static org.junit.jupiter.api;
    requires static org.assertj.core;

    exports dev.upshift.testkit;
}

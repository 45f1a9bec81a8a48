/**
 * Upshift's testkit: fakes of every SPI, a fleet builder, a controllable clock and assertions for
 * policies.
 *
 * <p>It will export {@code dev.upshift.testkit} with its first type: javac refuses to export a
 * package that holds only its package-info.
 */
module dev.upshift.testkit {
    requires transitive dev.upshift.core;
    requires transitive dev.upshift.spi;
    requires static org.junit.jupiter.api;
    requires static org.assertj.core;
}

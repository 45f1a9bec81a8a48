/**
 * The parts of Upshift's testkit that need the SPI only: in-memory fakes of every SPI with fault
 * switches, and the oracle a history is held to (docs/testing.md). The testkit
 * ({@code dev.upshift.testkit}) requires it transitively; core's own tests use it directly.
 */
module dev.upshift.testkit.spi {
    requires transitive dev.upshift.spi;

    exports dev.upshift.testkit.fake;
    exports dev.upshift.testkit.oracle;
}

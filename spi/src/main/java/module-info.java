/** Upshift's SPI: the interfaces adapters implement and the values they exchange. */
module dev.upshift.spi {
    requires transitive dev.upshift.release;
    requires transitive dev.upshift.schedule;
    requires transitive dev.upshift.diff;

    exports dev.upshift.spi;
}

/**
 * Upshift's SPI: the interfaces adapters implement and the values they exchange.
 *
 * <p>It will export {@code dev.upshift.spi} with its first type: javac refuses to export a package
 * that holds only its package-info.
 */
module dev.upshift.spi {
    requires transitive dev.upshift.release;
    requires transitive dev.upshift.schedule;
    requires transitive dev.upshift.diff;
}

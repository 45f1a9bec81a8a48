/** Cluster API through the fabric8 client: inventory, status probe, dry-run renderer and server-side-apply publisher. */
module dev.upshift.adapters.kubernetes {
    requires transitive dev.upshift.spi;
    requires transitive dev.upshift.release;
    requires transitive dev.upshift.diff;
    requires transitive dev.upshift.common;
    requires transitive kubernetes.client.api;
    requires transitive kubernetes.model.core;
    requires com.fasterxml.jackson.databind;

    exports dev.upshift.adapters.kubernetes;
}

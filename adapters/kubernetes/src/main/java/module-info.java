/** Cluster API through the fabric8 client: inventory, status probe, dry-run renderer and server-side-apply publisher. */
module dev.upshift.adapters.kubernetes {
    requires transitive dev.upshift.core;
    requires transitive kubernetes.client.api;
    requires transitive kubernetes.model.core;
    requires com.fasterxml.jackson.databind;

    exports dev.upshift.adapters.kubernetes;
}

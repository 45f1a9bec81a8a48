/**
 * Signals out (docs/observability.md): the engine's metrics on Micrometer and a Prometheus
 * endpoint, and its history sent out as CloudEvents to webhooks.
 */
module dev.upshift.observe {
    requires transitive dev.upshift.core;
    requires transitive micrometer.core;
    requires transitive micrometer.registry.prometheus;
    requires io.cloudevents.api;
    requires io.cloudevents.core;
    requires io.cloudevents.formats.jackson;
    requires com.fasterxml.jackson.databind;
    requires jdk.httpserver;
    requires java.net.http;

    exports dev.upshift.observe;
}

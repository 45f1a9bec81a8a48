/**
 * Upshift's front builder: {@code Upshift.builder()} wires the engine to its fleet, history,
 * publisher, probe, hooks and strategies, with the embedded file adapters and journal as the
 * defaults for a fleet folder (docs/engine.md).
 */
module dev.upshift.front {
    requires transitive dev.upshift.core;

    exports dev.upshift.front;
}

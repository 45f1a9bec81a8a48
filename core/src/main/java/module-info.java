/** Upshift's core: selection, plans, the engine and the embedded file adapters. */
module dev.upshift.core {
    requires transitive dev.upshift.diff;

    exports dev.upshift.core.files;
}

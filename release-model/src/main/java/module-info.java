/** Upshift's release model: versions, constraints, releases, the catalog, the upgrade graph and paths. */
module dev.upshift.release {
    requires transitive dev.upshift.diff;

    exports dev.upshift.release;
}

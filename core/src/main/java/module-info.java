/**
 * Upshift's core: the fleet's kinds and readers, selection, validation, the planner, the simulator,
 * presentation and the embedded file adapters (the rooms are listed in docs/architecture.md). The
 * engine's room ({@code dev.upshift.core.engine}) and the journal's ({@code dev.upshift.core.journal})
 * hold only their package documentation yet, and are exported once they hold API.
 */
module dev.upshift.core {
    requires transitive dev.upshift.spi;
    requires transitive dev.upshift.release;
    requires transitive dev.upshift.schedule;
    requires transitive dev.upshift.diff;
    requires re2j;
    requires org.slf4j;
    requires io.vavr;

    exports dev.upshift.core.fleet;
    exports dev.upshift.core.select;
    exports dev.upshift.core.validate;
    exports dev.upshift.core.plan;
    exports dev.upshift.core.simulate;
    exports dev.upshift.core.present;
    exports dev.upshift.core.file;
    exports dev.upshift.core.engine;
}

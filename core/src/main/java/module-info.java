/**
 * Upshift's core: the fleet's kinds and readers, selection, validation, the planner, the engine, the
 * simulator, presentation, the embedded file adapters and the journal (the rooms are listed in
 * docs/architecture.md).
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
    exports dev.upshift.core.run;
    exports dev.upshift.core.journal;
}

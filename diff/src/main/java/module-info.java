/** Upshift's document layer: loading, trees with positions, field paths, rules, merge, patches. */
module dev.upshift.diff {
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;
    requires io.github.javadiffutils;

    exports dev.upshift.diff.problem;
    exports dev.upshift.diff.source;
    exports dev.upshift.diff.kind;
    exports dev.upshift.diff.value;
    exports dev.upshift.diff.document;
    exports dev.upshift.diff.path;
    exports dev.upshift.diff.rule;
    exports dev.upshift.diff.merge;
    exports dev.upshift.diff.patch;
    exports dev.upshift.diff.render;
    exports dev.upshift.diff.internal to dev.upshift.schedule, dev.upshift.release, dev.upshift.core;
}

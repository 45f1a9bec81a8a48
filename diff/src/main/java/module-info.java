/** Upshift's document layer: documents, field paths, rules, the three-way merge, patches and renderings, and minimal edits of YAML and JSON text. */
module dev.upshift.diff {
    requires transitive dev.upshift.common;
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.core;
    requires io.github.javadiffutils;
    requires org.yaml.snakeyaml;

    exports dev.upshift.diff.document;
    exports dev.upshift.diff.path;
    exports dev.upshift.diff.rule;
    exports dev.upshift.diff.merge;
    exports dev.upshift.diff.patch;
    exports dev.upshift.diff.render;
    exports dev.upshift.diff.edit;
}

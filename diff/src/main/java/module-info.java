/** Upshift's document layer: loading, trees with positions, field paths, rules, merge, patches. */
module dev.upshift.diff {
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;
    requires io.github.javadiffutils;

    exports dev.upshift.diff;
    exports dev.upshift.diff.input;
}

/**
 * The ground every Upshift module stands on: problems and the root exception, safe YAML/JSON
 * loading into trees that remember positions, document kinds and {@code apiVersion} migrations,
 * shared values, and the tree and field-reading toolkit that every kind's reader uses. Pure: no
 * I/O beyond parsing what it is handed, no clock, no threads.
 */
module dev.upshift.common {
    requires static transitive org.apiguardian.api;
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;

    exports dev.upshift.common.problem;
    exports dev.upshift.common.source;
    exports dev.upshift.common.kind;
    exports dev.upshift.common.value;
    exports dev.upshift.common.tree;
    exports dev.upshift.common.read;
}

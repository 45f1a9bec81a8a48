package dev.upshift.testkit.fleet;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.SourceDocument;

/**
 * One document of a fleet under construction: where it goes (its source, as problems name it), its
 * tree, and the document as it was read when it came from a folder and is unchanged.
 */
final class FleetDocument {
    final String source;
    final ObjectNode tree;
    SourceDocument read;

    FleetDocument(String source, ObjectNode tree, SourceDocument read) {
        this.source = source;
        this.tree = tree;
        this.read = read;
    }

    String kind() {
        return tree.path("kind").asText("");
    }

    String name() {
        return tree.path("metadata").path("name").asText("");
    }

    boolean is(String kind, String name) {
        return kind().equals(kind) && name().equals(name);
    }

    FleetDocument copy() {
        return new FleetDocument(source, tree.deepCopy(), read);
    }
}

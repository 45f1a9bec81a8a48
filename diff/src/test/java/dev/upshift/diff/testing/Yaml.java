package dev.upshift.diff.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.diff.document.DocumentSet;

/** Test data from YAML text. */
public final class Yaml {
    private static final DocumentLoader LOADER = DocumentLoader.create();

    private Yaml() {}

    /** A document set from YAML text, named {@code name} in problems. */
    public static DocumentSet set(String name, String yaml) {
        return DocumentSet.read(LOADER.load(name, yaml));
    }

    /** A document set from YAML text. */
    public static DocumentSet set(String yaml) {
        return set("test.yaml", yaml);
    }

    /** One tree from YAML text. */
    public static ObjectNode tree(String yaml) {
        return LOADER.load("tree.yaml", yaml).get(0).root();
    }

    /** A JSON value from YAML flow text ({@code "[a, b]"}, {@code "3"}). */
    public static JsonNode value(String yaml) {
        return tree("v: " + yaml).get("v");
    }

    /** A Deployment named web with the given spec (YAML lines indented by two spaces). */
    public static String deployment(String spec) {
        return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n" + spec;
    }
}

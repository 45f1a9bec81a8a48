package dev.upshift.checks;

import java.nio.file.Path;

/** Where the build under test stands, as Maven tells the tests. */
final class Repository {
    private Repository() {}

    /** The repository root (the folder holding README.md). */
    static Path root() {
        return Path.of(property("upshift.root")).toAbsolutePath().normalize();
    }

    /** The project version being built. */
    static String version() {
        return property("upshift.version");
    }

    static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + name + " is not set; run the tests through Maven");
        }
        return value;
    }
}

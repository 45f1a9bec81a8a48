package dev.upshift.examples.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one run of {@code upshift demo} writes: a new folder of its own in the system's temporary
 * folder ({@code upshift-demo-<random>}), so that two runs at once (two users, two builds) never
 * write into each other's files. Nothing removes it: the run prints where it is, to look at after.
 */
final class DemoFolder {
    private DemoFolder() {}

    static Path create() {
        try {
            return Files.createTempDirectory("upshift-demo-");
        } catch (IOException | UnsupportedOperationException e) {
            throw new UncheckedIOException("the demo cannot make its folder in the system's temporary folder ("
                    + System.getProperty("java.io.tmpdir") + "): " + e.getMessage(), e instanceof IOException io ? io
                            : new IOException(e));
        }
    }
}

package dev.upshift.examples.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** The demo fleet packaged in the CLI (a copy of examples/fleet), as a readable folder. */
final class DemoFleet {
    /**
     * The instant the demo fleet is designed for (examples/fleet/README.md): a Monday morning in
     * December, with the European rollout's dev stage under way and the year-end exclusions ahead.
     */
    static final Instant INSTANT = Instant.parse("2026-12-14T09:00:00Z");

    private DemoFleet() {}

    static Path root() {
        return embedded("demo-fleet", "releases");
    }

    /** The readiness fleet packaged in the CLI (a copy of examples/readiness); empty in a build without it. */
    static Optional<Path> readiness() {
        return DemoFleet.class.getResource("/demo-readiness/releases.yaml") == null ? Optional.empty()
                : Optional.of(embedded("demo-readiness", "releases.yaml"));
    }

    private static Path embedded(String folder, String inside) {
        URL url = DemoFleet.class.getResource("/" + folder + "/" + inside);
        if (url == null) {
            throw new IllegalStateException("the demo fleet is missing from this build of the CLI");
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                FileSystem fs;
                try {
                    fs = FileSystems.newFileSystem(uri, Map.of());
                } catch (FileSystemAlreadyExistsException e) {
                    fs = FileSystems.getFileSystem(uri);
                }
                return fs.getPath("/" + folder);
            }
            return Path.of(uri).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

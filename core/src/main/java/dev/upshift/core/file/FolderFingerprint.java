package dev.upshift.core.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * {@link FleetFolder#fingerprint()}: the names of a folder's files and a checksum of each one's
 * bytes, hidden files and folders left out as the reader leaves them out.
 */
final class FolderFingerprint {
    private FolderFingerprint() {}

    /** The fingerprint, or a value equal to no other when the folder cannot be walked. */
    static Object of(Path root) {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).sorted().toList()) {
                Path relative = root.relativize(p);
                if (!hidden(relative)) {
                    CRC32 crc = new CRC32();
                    crc.update(Files.readAllBytes(p));
                    out.append(relative).append(' ').append(crc.getValue()).append('\n');
                }
            }
        } catch (IOException e) {
            return new Unreadable();
        }
        return out.toString();
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /** A folder that could not be walked: equal to nothing but itself, so the reading that follows says why. */
    private static final class Unreadable {
        @Override
        public String toString() {
            return "unreadable";
        }
    }
}

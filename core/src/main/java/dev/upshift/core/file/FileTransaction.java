package dev.upshift.core.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * New contents for several existing files, written all or nothing as far as a file system allows:
 * every new content goes to a hidden temporary file beside its target first (written, flushed to
 * disk, given the target's permissions); only when all are written, and every target still holds
 * what was read from it, is each renamed over its target atomically, in the order given. A failure
 * before the renames leaves every target as it was and removes the temporary files.
 *
 * <p>A crash between two renames leaves the first targets with their new contents and the others
 * with their old ones (and, for those, a hidden {@code .NAME.*.upshift-tmp} file that readers of a
 * fleet folder skip, as they skip every hidden file). No single rename leaves a half-written file.
 */
final class FileTransaction {
    static final String SUFFIX = ".upshift-tmp";

    /** Why the transaction did not start: the targets are as they were. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** What a target held when it was read, and what it should hold. */
    private record Change(Path target, byte[] before, byte[] after) {}

    private final Map<Path, Change> changes = new LinkedHashMap<>();

    /** Adds a target: it must still hold {@code before} when the transaction commits. */
    void replace(Path target, byte[] before, byte[] after) {
        changes.put(target, new Change(target, before.clone(), after.clone()));
    }

    /**
     * Writes every target.
     *
     * @throws Refused when a target is read-only, cannot be written for want of permission, or no
     *     longer holds what was read from it: nothing was changed
     * @throws IOException when writing failed otherwise; nothing was changed unless the failure came
     *     between two renames (see the class description)
     */
    void commit() throws Refused, IOException {
        for (Change c : changes.values()) {
            if (isReadOnly(c.target())) {
                throw new Refused("cannot write " + c.target() + ": it is read-only");
            }
        }
        List<Path> temporaries = new ArrayList<>();
        try {
            for (Change c : changes.values()) {
                temporaries.add(write(c));
            }
            for (Change c : changes.values()) {
                if (!Arrays.equals(Files.readAllBytes(c.target()), c.before())) {
                    throw new Refused(c.target() + " changed while it was being published; nothing was written");
                }
            }
            int i = 0;
            for (Change c : changes.values()) {
                Files.move(temporaries.get(i++), c.target(), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            }
            temporaries.clear();
            for (Change c : changes.values()) {
                syncFolder(c.target().getParent());
            }
        } catch (AccessDeniedException e) {
            throw new Refused("cannot write " + e.getFile() + ": permission denied");
        } finally {
            for (Path t : temporaries) {
                Files.deleteIfExists(t);
            }
        }
    }

    private static Path write(Change c) throws IOException {
        Path folder = c.target().toAbsolutePath().getParent();
        Path temporary = Files.createTempFile(folder, "." + c.target().getFileName() + ".", SUFFIX);
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(c.after());
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
        PosixFileAttributeView posix = Files.getFileAttributeView(c.target(), PosixFileAttributeView.class);
        if (posix != null) {
            Files.setPosixFilePermissions(temporary, posix.readAttributes().permissions());
        }
        return temporary;
    }

    /** Whether a file may not be written: the system says so, or no one has write permission (which root ignores). */
    private static boolean isReadOnly(Path target) throws IOException {
        if (!Files.isWritable(target)) {
            return true;
        }
        PosixFileAttributeView posix = Files.getFileAttributeView(target, PosixFileAttributeView.class);
        if (posix == null) {
            return false;
        }
        Set<PosixFilePermission> p = posix.readAttributes().permissions();
        return !p.contains(PosixFilePermission.OWNER_WRITE) && !p.contains(PosixFilePermission.GROUP_WRITE)
                && !p.contains(PosixFilePermission.OTHERS_WRITE);
    }

    /** Makes a folder's new entries durable where the system allows opening a folder for that. */
    private static void syncFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every system opens folders (Windows); the renames are done, only their durability waits
        }
    }
}

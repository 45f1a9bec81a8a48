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
 * fleet folder skip, as they skip every hidden file, and that the next transaction writing that
 * target removes). No single rename leaves a half-written file.
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
     * @throws IOException when writing failed otherwise, a full disk or a file system mounted
     *     read-only among the causes (faults to try again, not refusals); nothing was changed unless the failure came
     *     between two renames (see the class description)
     */
    void commit() throws Refused, IOException {
        for (Change c : changes.values()) {
            if (!Files.isWritable(c.target()) && mountedReadOnly(c.target())) {
                // the mount, not the file: someone remounts it, so it is a fault to try again, not a refusal
                throw new IOException("the file system holding " + c.target() + " is mounted read-only");
            }
            if (isReadOnly(c.target())) {
                throw new Refused("cannot write " + c.target() + ": it is read-only");
            }
        }
        List<Path> temporaries = new ArrayList<>();
        try {
            for (Change c : changes.values()) {
                removeLeftovers(c.target());
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

    /**
     * Removes the temporary files a killed earlier publication left beside a target: the engine
     * publishes an interrupted hop again, with the same targets, so nothing stays behind for long.
     */
    private static void removeLeftovers(Path target) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        // not a glob: a file name may hold [, {, * or ?, which a glob would read as patterns
        String prefix = "." + target.getFileName() + ".";
        try (java.nio.file.DirectoryStream<Path> left = Files.newDirectoryStream(folder, p -> {
            String name = p.getFileName().toString();
            return name.startsWith(prefix) && name.endsWith(SUFFIX) && name.length() >= prefix.length() + SUFFIX.length();
        })) {
            for (Path p : left) {
                Files.deleteIfExists(p);
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
    /**
     * Whether the mount that holds the file is read-only. Java's {@link java.nio.file.FileStore}
     * reads the options of the file system, not of the mount, and so misses a read-only bind mount;
     * on Linux the mount's own options are in {@code /proc/self/mountinfo} (its fifth field the mount
     * point, octal-escaped; its sixth the mount's options; a later line over the same point wins).
     */
    static boolean mountedReadOnly(Path target) throws IOException {
        if (Files.getFileStore(target).isReadOnly()) {
            return true;
        }
        Path info = Path.of("/proc/self/mountinfo");
        if (!Files.isReadable(info)) {
            return false;
        }
        Path real = target.toRealPath();
        int best = -1;
        boolean readOnly = false;
        for (String line : Files.readAllLines(info, java.nio.charset.StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            if (f.length < 6) {
                continue;
            }
            Path point = Path.of(unescapeOctal(f[4]));
            if (real.startsWith(point) && point.getNameCount() >= best) {
                best = point.getNameCount();
                readOnly = Arrays.asList(f[5].split(",")).contains("ro");
            }
        }
        return readOnly;
    }

    private static String unescapeOctal(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).chars().allMatch(d -> d >= '0' && d <= '7')) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

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

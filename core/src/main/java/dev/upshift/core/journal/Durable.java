package dev.upshift.core.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writing files so that a crash at any moment leaves either the old content or the new, never a mix. */
final class Durable {
    private Durable() {}

    /** Writes {@code content} into {@code file}, created or emptied first, and forces it to disk. */
    static void write(Path file, byte[] content) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeAt(ch, 0, content);
            ch.force(true);
        }
    }

    /** Writes all of {@code content} at {@code position}. */
    static void writeAt(FileChannel ch, long position, byte[] content) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(content);
        long at = position;
        while (buf.hasRemaining()) {
            at += ch.write(buf, at);
        }
    }

    /**
     * Replaces {@code target} with {@code content} atomically: the content goes to {@code temporary}
     * first, is forced to disk, and is then renamed over the target; the folder is synced after.
     */
    static void replace(Path target, Path temporary, byte[] content) throws IOException {
        write(temporary, content);
        rename(temporary, target);
        syncFolder(target.toAbsolutePath().getParent());
    }

    /** Renames atomically, replacing what the target held. */
    static void rename(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + to + " cannot rename files atomically, which the journal"
                    + " needs to stay whole through a crash", e);
        }
    }

    /**
     * Forces a folder's entries (a rename, a new file) to disk, where the platform can: Linux and
     * macOS can; elsewhere opening a folder fails, and a rename is as durable as the file system makes it.
     */
    static void syncFolder(Path folder) {
        try (FileChannel ch = FileChannel.open(folder, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not supported here (Windows): nothing more can be done
        }
    }
}

package dev.upshift.core.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.common.tree.JsonText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The state folder's exclusive lock: an operating-system lock on {@code history.lock}, which the
 * system releases when its process dies, so that a crash never leaves a stale lock. The holder writes
 * its note (pid, host, what started it) into the file for a refused process to read. The lock covers
 * one byte far past the note rather than the whole file, because some systems (Windows) forbid other
 * processes to read locked bytes.
 */
final class StateLock implements AutoCloseable {
    private static final long LOCKED_BYTE = Long.MAX_VALUE - 1;
    private static final int MAX_NOTE = 4096;
    private static final ObjectMapper NOTES = new ObjectMapper();

    private final FileChannel channel;

    private StateLock(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Takes the lock of an existing state folder.
     *
     * @throws JournalLockedException when another holds it
     */
    static StateLock take(Path folder, LockHolder me) throws IOException {
        return tryTake(folder, me).orElseThrow(() -> new JournalLockedException(folder, holder(folder)));
    }

    /** Takes the lock of an existing state folder, or nothing when another holds it. */
    static Optional<StateLock> tryTake(Path folder, LockHolder me) throws IOException {
        FileChannel ch = FileChannel.open(StateFiles.lock(folder), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock = null;
        try {
            lock = ch.tryLock(LOCKED_BYTE, 1, false);
            if (lock == null) {
                ch.close();
                return Optional.empty();
            }
            ch.truncate(0);
            Durable.writeAt(ch, 0, note(me));
            ch.force(true);
            return Optional.of(new StateLock(ch));
        } catch (OverlappingFileLockException e) {
            ch.close();
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            if (lock != null) {
                lock.release();
            }
            ch.close();
            throw e;
        }
    }

    /** Who the lock file says holds the lock; empty when it says nothing readable. */
    static Optional<LockHolder> holder(Path folder) {
        try (FileChannel ch = FileChannel.open(StateFiles.lock(folder), StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(MAX_NOTE);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read the note, at most MAX_NOTE bytes
            }
            JsonNode note = NOTES.readTree(new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8));
            if (note == null || !note.path("pid").canConvertToLong() || !note.path("host").isTextual()
                    || !note.path("startedBy").isTextual()) {
                return Optional.empty();
            }
            return Optional.of(new LockHolder(note.path("pid").longValue(), note.path("host").textValue(),
                    note.path("startedBy").textValue()));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static byte[] note(LockHolder me) {
        return ("{\"pid\":" + me.pid() + ",\"host\":" + JsonText.quote(me.host()) + ",\"startedBy\":"
                + JsonText.quote(me.startedBy()) + "}\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Empties the note and releases the lock (closing the channel releases it, whatever happens before). */
    @Override
    public void close() throws IOException {
        try (channel) {
            channel.truncate(0);
            channel.force(true);
        }
    }
}

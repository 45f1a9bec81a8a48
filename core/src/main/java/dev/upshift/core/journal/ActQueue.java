package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * People's acts waiting in a state folder for the engine that holds its journal
 * (docs/engine.md, "Steering"): a command that finds the journal in use queues its act here
 * ({@link #put}), and the engine's loop journals what it finds ({@link #waiting}) before its next
 * reconcile, then removes the file ({@link Queued#done}). Each act is a file of its own under
 * {@code acts/}, written whole (a journal of one entry, renamed into place), so a crash leaves an
 * act queued or not, never half; one journaled twice by a crash before its removal is recognised
 * (the engine records an act once).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ActQueue {
    /** The folder of a state folder that holds the queue. */
    public static final String FOLDER = "acts";

    private ActQueue() {}

    /**
     * Queues an act, as its journal entry ({@code ActEntries.entry}).
     *
     * @return the file it was written to
     * @throws IllegalArgumentException when the entry is not of step {@code acted}
     * @throws UpshiftException when it cannot be written
     */
    public static Path put(Path stateFolder, HistoryEntry act) {
        Objects.requireNonNull(act, "act");
        if (act.step() != HistoryEntry.Step.ACTED) {
            throw new IllegalArgumentException("only a person's act is queued, not a " + act.step() + " entry");
        }
        Path folder = stateFolder.resolve(FOLDER);
        Path file = folder.resolve(String.format(java.util.Locale.ROOT, "%020d-%09d-%s.jsonl", act.at().getEpochSecond(),
                act.at().getNano(), digest(act)));
        try {
            Files.createDirectories(folder);
            byte[] header = EntryLines.header(EntryLines.VERSION, 0);
            byte[] line = EntryLines.lines(List.of(act));
            byte[] content = new byte[header.length + line.length];
            System.arraycopy(header, 0, content, 0, header.length);
            System.arraycopy(line, 0, content, header.length, line.length);
            Durable.replace(file, StateFiles.temporary(file), content);
            return file;
        } catch (IOException e) {
            throw new UpshiftException("could not queue the act in " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * The acts queued in a state folder, oldest first (by the instant they were taken); a file that
     * does not read as one act is left where it is and reported in {@code problems}.
     *
     * @throws UpshiftException when the folder cannot be listed
     */
    public static List<Queued> waiting(Path stateFolder, List<String> problems) {
        Path folder = stateFolder.resolve(FOLDER);
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(folder, "*.jsonl")) {
            listing.forEach(files::add);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UpshiftException("could not list the queued acts in " + folder + ": " + e.getMessage(), e);
        }
        files.sort(null);
        List<Queued> out = new ArrayList<>();
        for (Path f : files) {
            try {
                List<HistoryEntry> entries = JournalFile.scan(f).records().all();
                if (entries.size() == 1 && entries.get(0).step() == HistoryEntry.Step.ACTED) {
                    out.add(new Queued(f, entries.get(0)));
                } else {
                    problems.add(f + ": not one queued act; left where it is");
                }
            } catch (IOException | UpshiftException e) {
                problems.add(f + ": " + e.getMessage() + "; left where it is");
            }
        }
        return out;
    }

    private static String digest(HistoryEntry act) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((act.upgradeId() + "\n" + act.clusterId() + "\n"
                    + act.reasons()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * A queued act and its file.
     *
     * @param file where it waits
     * @param act the act's journal entry (step {@code acted})
     */
    public record Queued(Path file, HistoryEntry act) {
        /** Validates the parts. */
        public Queued {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(act, "act");
        }

        /**
         * Removes the file, once the act is journaled.
         *
         * @throws UpshiftException when it cannot be removed
         */
        public void done() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UpshiftException("could not remove the queued act " + file + ": " + e.getMessage(), e);
            }
        }
    }
}

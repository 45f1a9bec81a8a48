package dev.upshift.core.journal;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The epoch a writer claimed ahead of its first entry ({@code JsonLinesJournal.claimEpoch}), kept in
 * the state folder's {@code history.fence}: one line, the epoch in decimal digits. Replaced whole
 * (written aside, forced, renamed), so a crash leaves the old claim or the new one; absent until the
 * first claim. The journal's fence is the newest of this epoch and its entries'.
 */
final class FenceFile {
    private static final Pattern EPOCH = Pattern.compile("(0|[1-9][0-9]{0,17})\n");

    private FenceFile() {}

    /**
     * The claimed epoch, 0 when nothing was claimed.
     *
     * @throws InputException when the file holds anything but an epoch
     */
    static long read(Path folder) throws IOException {
        Path file = StateFiles.fence(folder);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return 0;
        }
        if (!EPOCH.matcher(text).matches()) {
            throw new InputException(Problem.error(new SourceLocation(file.toString(), 1, 0), "",
                    "the journal's fence holds no epoch (one line of decimal digits): an engine writes it only"
                            + " through claimEpoch; remove the file to drop the claim"));
        }
        return Long.parseLong(text.substring(0, text.length() - 1));
    }

    /** Claims {@code epoch}, durably: the old claim or the new one survives a crash, never a mix. */
    static void write(Path folder, long epoch) throws IOException {
        Path file = StateFiles.fence(folder);
        Durable.replace(file, StateFiles.temporary(file), (epoch + "\n").getBytes(StandardCharsets.UTF_8));
    }
}

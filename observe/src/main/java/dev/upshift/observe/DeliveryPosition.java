package dev.upshift.observe;

import dev.upshift.common.problem.UpshiftException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * How far one webhook's delivery got, kept in a file of the state folder beside the journal
 * ({@code STATE/webhooks/<digest of the URL>.position}): the id of the last event the webhook
 * accepted. Written whole to a temporary file, forced to disk and moved over the old one, so that a
 * kill leaves the old position or the new one, never a torn one. Found again in the history by its
 * id: a migrated journal keeps its entries and so its ids.
 */
final class DeliveryPosition {
    private static final String HEADER = "upshift webhook position 1";

    private final Path file;
    private final String webhook;

    private DeliveryPosition(Path file, String webhook) {
        this.file = file;
        this.webhook = webhook;
    }

    static DeliveryPosition in(Path state, Webhook hook) {
        return new DeliveryPosition(state.resolve("webhooks").resolve(UpshiftEvents.digest(hook.format() + " " + hook.url(), 8) + ".position"),
                hook.toString());
    }

    Path file() {
        return file;
    }

    /** The id of the last event delivered, when any was. */
    Optional<String> last() {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
                throw new UpshiftException(file + ": not a webhook position file (its first line is not '" + HEADER
                        + "'); remove it to deliver the whole history again");
            }
            return lines.stream().filter(l -> l.startsWith("last ")).map(l -> l.substring(5)).findFirst();
        } catch (IOException e) {
            throw new UpshiftException("cannot read the webhook position " + file + ": " + e.getMessage(), e);
        }
    }

    /** Records that the event {@code id}, the {@code count}-th of the history, was delivered. */
    void delivered(String id, long count) {
        String text = HEADER + "\nwebhook " + webhook + "\ndelivered " + count + "\nlast " + id + "\n";
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UpshiftException("cannot write the webhook position " + file + ": " + e.getMessage(), e);
        }
    }
}

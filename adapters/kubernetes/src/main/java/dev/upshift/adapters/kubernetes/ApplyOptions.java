package dev.upshift.adapters.kubernetes;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How one server-side apply is sent.
 *
 * @param fieldManager who applies: the server records the applied fields as owned by this name;
 *     1 to 128 printable characters
 * @param force whether fields owned by other managers are taken over instead of refused
 *     ({@code --force-conflicts})
 * @param dryRun whether the server only answers what it would store, and stores nothing
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ApplyOptions(String fieldManager, boolean force, boolean dryRun) {
    /** Upshift's field manager, {@code upshift}. */
    public static final String UPSHIFT = "upshift";

    /**
     * Validates the field manager.
     *
     * @throws IllegalArgumentException when the name is empty, longer than 128 characters or holds a
     *     character that is not printable ASCII
     */
    public ApplyOptions {
        Objects.requireNonNull(fieldManager, "fieldManager");
        if (fieldManager.isEmpty() || fieldManager.length() > 128
                || !fieldManager.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("a field manager is 1 to 128 printable characters, not '"
                    + fieldManager + "'");
        }
    }

    /** Applies as {@code upshift}, for real, without forcing. */
    public static ApplyOptions upshift() {
        return new ApplyOptions(UPSHIFT, false, false);
    }

    /** The same options as a dry-run. */
    public ApplyOptions asDryRun() {
        return new ApplyOptions(fieldManager, force, true);
    }

    /** The same options, forcing conflicts or not. */
    public ApplyOptions withForce(boolean takeOver) {
        return new ApplyOptions(fieldManager, takeOver, dryRun);
    }
}

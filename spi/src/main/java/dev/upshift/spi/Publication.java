package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/** What a {@link ChangePublisher} answers: the change went out, or it was refused for good. */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Publication permits Publication.Published, Publication.Rejected {

    /**
     * The change is published (or already was).
     *
     * @param reference what identifies it: a commit id, a pull-request address, or a summary of what
     *     was applied; not blank
     */
    static Published published(String reference) {
        return new Published(reference);
    }

    /**
     * The change was refused, and trying again will not help; the upgrade fails.
     *
     * @param reason why, for a person; not blank
     */
    static Rejected rejected(String reason) {
        return new Rejected(reason);
    }

    /**
     * The change is published.
     *
     * @param reference a commit id, a pull-request address, or a summary of what was applied
     */
    record Published(String reference) implements Publication {
        /** Validates the reference. */
        public Published {
            Objects.requireNonNull(reference, "reference");
            if (reference.isBlank()) {
                throw new IllegalArgumentException(
                        "a publication needs a reference (a commit id, an address, a summary)");
            }
        }
    }

    /**
     * The change was refused for good.
     *
     * @param reason why, for a person
     */
    record Rejected(String reason) implements Publication {
        /** Validates the reason. */
        public Rejected {
            Objects.requireNonNull(reason, "reason");
            if (reason.isBlank()) {
                throw new IllegalArgumentException("a rejected publication needs a reason");
            }
        }
    }
}

package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/** What an {@link UpgradeStrategy} answers: it takes the request over, or declines it with a reason. */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Decision permits Decision.Accepted, Decision.Declined {

    /** The strategy takes the request over. */
    static Accepted accept() {
        return new Accepted();
    }

    /**
     * The strategy will not do this one; the next strategy is asked, and after the last, the fallback.
     *
     * @param reason why, shown with the cluster if every strategy declines ({@code "etcd changes
     *     need new machines"}); not blank
     */
    static Declined decline(String reason) {
        return new Declined(reason);
    }

    /** The strategy takes the request over. */
    record Accepted() implements Decision {}

    /**
     * The strategy declines.
     *
     * @param reason why, for a person
     */
    record Declined(String reason) implements Decision {
        /** Validates the reason. */
        public Declined {
            Objects.requireNonNull(reason, "reason");
            if (reason.isBlank()) {
                throw new IllegalArgumentException("a strategy that declines says why");
            }
        }
    }
}

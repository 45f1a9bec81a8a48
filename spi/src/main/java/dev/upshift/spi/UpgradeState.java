package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Where a cluster stands with respect to its upgrade: the {@code state} words of plans (DESIGN.md
 * section 8) and of {@link HistoryEntry history entries}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum UpgradeState {
    /** Nothing to do: the cluster runs its target with its values. */
    UP_TO_DATE("upToDate"),
    /** An upgrade may start now. */
    READY("ready"),
    /** An upgrade will start in a known window. */
    SCHEDULED("scheduled"),
    /** An upgrade waits for something that will pass: a start time, an earlier stage, a free slot. */
    WAITING("waiting"),
    /** An upgrade cannot start until someone acts: no path, a conflict, a frozen cluster, every strategy declined. */
    BLOCKED("blocked"),
    /** An upgrade has started and not finished. */
    IN_PROGRESS("inProgress"),
    /** The last upgrade succeeded. */
    SUCCEEDED("succeeded"),
    /** The last upgrade failed. */
    FAILED("failed");

    private final String word;

    UpgradeState(String word) {
        this.word = word;
    }

    /** The word plans and history write ({@code upToDate}, {@code inProgress}, ...). */
    public String word() {
        return word;
    }

    /** The words, in declaration order, for readers. */
    public static Map<String, UpgradeState> words() {
        Map<String, UpgradeState> out = new LinkedHashMap<>();
        for (UpgradeState s : values()) {
            out.put(s.word, s);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}

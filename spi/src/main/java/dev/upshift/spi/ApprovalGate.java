package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Where a stage waits for a person's approval ({@code spec.stages[].approval} of a
 * {@link ClusterUpgrade}). An approval is given for one run of the stage: the upgrade while it
 * targets one release; a new target asks again.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ApprovalGate {
    /** Before the stage's first cluster of a run starts ({@code before}). */
    BEFORE("before"),
    /** After the stage is done and soaked, before the next stage may start ({@code after}). */
    AFTER("after");

    private final String word;

    ApprovalGate(String word) {
        this.word = word;
    }

    /** The word documents, journals and the CLI use ({@code before}, {@code after}). */
    public String word() {
        return word;
    }

    /** The words, in declaration order, for readers. */
    public static Map<String, ApprovalGate> words() {
        Map<String, ApprovalGate> out = new LinkedHashMap<>();
        for (ApprovalGate g : values()) {
            out.put(g.word, g);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}

package dev.upshift.core.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.Act;
import dev.upshift.spi.ApprovalGate;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How a person's {@link Act} is journaled: as a {@link HistoryEntry} of step
 * {@link HistoryEntry.Step#ACTED acted}, so that every history store (the JSON-lines journal,
 * PostgreSQL, the in-memory ones) keeps acts beside the attempts they steer, in one order
 * (docs/journal.md, "Acts").
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ActEntries {
    /** The code of the one reason an act's entry carries; its message is who acted. */
    public static final String BY = "BY";

    private static final Map<String, Act.Kind> WORDS = Act.Kind.words();

    private ActEntries() {}

    /**
     * What the act is about, as its entry's {@code upgradeId} says it: {@code approve:<upgrade>@<release>/<stage>#<gate>},
     * {@code pause:<upgrade>}, {@code resume:<upgrade>}, {@code cancel:<upgrade>@<release>},
     * {@code retry:<cluster>:<from>..<release>}, {@code skip:<cluster>:<upgrade>@<release>}.
     */
    public static String subject(Act a) {
        String run = a.upgrade().map(u -> u + "@" + a.release()).orElse("");
        return a.kind().word() + ":" + switch (a.kind()) {
            case APPROVE -> run + "/" + a.stage().orElseThrow() + "#" + a.gate().orElseThrow().word();
            case PAUSE, RESUME -> a.upgrade().orElseThrow();
            case CANCEL -> run;
            case RETRY -> a.cluster().orElseThrow() + ":" + a.from().orElseThrow() + ".." + a.release();
            case SKIP -> a.cluster().orElseThrow() + ":" + run;
        };
    }

    /**
     * The act as a journal entry of step {@code acted}: {@code cluster} is the cluster a retry or a skip
     * is for, else {@code @<upgrade>}; {@code upgradeId} is the {@link #subject}; {@code intent} the
     * upgrade; {@code from} and {@code to} the retried hop, else the run's release twice; {@code message}
     * the comment; one reason of code {@code BY} whose message is who acted; {@code state} what the act
     * leads to (approve, resume, retry: {@code ready}; pause: {@code waiting}; cancel, skip: {@code blocked}).
     *
     * @param epoch the writer's epoch (0 for writers that do not fence)
     */
    public static HistoryEntry entry(Act a, long epoch) {
        String subjectCluster = a.cluster().orElseGet(() -> "@" + a.upgrade().orElseThrow());
        return new HistoryEntry(a.at(), subjectCluster, subject(a), a.from().orElse(a.release()), a.release(), a.upgrade(), state(a.kind()), a.comment(),
                List.of(Reason.of(BY, a.by())), HistoryEntry.Step.ACTED, HistoryEntry.Hop.only(a.release()), 1, List.of(), epoch);
    }

    private static UpgradeState state(Act.Kind kind) {
        return switch (kind) {
            case APPROVE, RESUME, RETRY -> UpgradeState.READY;
            case PAUSE -> UpgradeState.WAITING;
            case CANCEL, SKIP -> UpgradeState.BLOCKED;
        };
    }

    /**
     * The act an {@code acted} entry records; empty for any other entry, and for one whose
     * {@code upgradeId} or reasons do not read as {@link #entry} writes them.
     */
    public static Optional<Act> of(HistoryEntry e) {
        if (e.step() != HistoryEntry.Step.ACTED || e.reasons().size() != 1 || !e.reasons().get(0).code().equals(BY)) {
            return Optional.empty();
        }
        String id = e.upgradeId();
        int colon = id.indexOf(':');
        Act.Kind kind = colon < 0 ? null : WORDS.get(id.substring(0, colon));
        if (kind == null) {
            return Optional.empty();
        }
        String by = e.reasons().get(0).message();
        boolean ofCluster = !e.clusterId().startsWith("@");
        Optional<String> cluster = ofCluster ? Optional.of(e.clusterId()) : Optional.empty();
        Optional<String> upgrade = ofCluster ? e.intent() : Optional.of(e.clusterId().substring(1));
        try {
            Act act = switch (kind) {
                case APPROVE -> {
                    String rest = id.substring(id.indexOf('/', colon) + 1);
                    int hash = rest.lastIndexOf('#');
                    ApprovalGate gate = hash < 0 ? null : ApprovalGate.words().get(rest.substring(hash + 1));
                    yield hash <= 0 || gate == null || upgrade.isEmpty() ? null
                            : Act.approve(e.at(), by, upgrade.get(), e.to(), rest.substring(0, hash), gate, e.message());
                }
                case PAUSE -> upgrade.isEmpty() ? null : Act.pause(e.at(), by, upgrade.get(), e.to(), e.message());
                case RESUME -> upgrade.isEmpty() ? null : Act.resume(e.at(), by, upgrade.get(), e.to(), e.message());
                case CANCEL -> upgrade.isEmpty() ? null : Act.cancel(e.at(), by, upgrade.get(), e.to(), e.message());
                case RETRY -> cluster.isEmpty() ? null
                        : Act.retry(e.at(), by, cluster.get(), upgrade, e.from(), e.to(), e.message());
                case SKIP -> cluster.isEmpty() || upgrade.isEmpty() ? null
                        : Act.skip(e.at(), by, cluster.get(), upgrade.get(), e.to(), e.message());
            };
            return Optional.ofNullable(act).filter(a -> subject(a).equals(id));
        } catch (IllegalArgumentException bad) {
            return Optional.empty();
        }
    }

}

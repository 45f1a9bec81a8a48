package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Version;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A person's act that steers a rollout: approve a stage's gate, pause, resume or cancel an
 * upgrade, retry or skip a cluster. An act is journaled like every state change, as a
 * {@link HistoryEntry} of step {@link HistoryEntry.Step#ACTED acted} (core's {@code ActEntries} writes
 * and reads it), and takes effect at the engine's next reconcile: the planner
 * reads it from the history as it reads attempts (docs/engine.md, "Steering").
 *
 * <p>What each kind names: {@link Kind#APPROVE approve} an upgrade, the release its run targets, a
 * stage and a gate; {@link Kind#PAUSE pause} and {@link Kind#RESUME resume} an upgrade (the release
 * it targeted then, for the record: a pause holds the upgrade whatever it targets);
 * {@link Kind#CANCEL cancel} an upgrade and the release of the run it ends; {@link Kind#RETRY retry}
 * a cluster and the hop that failed ({@code from} → {@code release}); {@link Kind#SKIP skip} a
 * cluster, the upgrade and the release of the run it leaves. The factories check this.
 *
 * @param at when the person acted
 * @param kind what the act does
 * @param by who acted (an operating-system user, {@code --as}, a Kubernetes user); not blank
 * @param comment why, as the person said it; may be empty
 * @param upgrade the {@link ClusterUpgrade}'s name; absent only for a retry that names none
 * @param release the release of the run the act is about (for a retry, the failed hop's target)
 * @param stage the stage an approval is for
 * @param gate the gate an approval grants
 * @param cluster the cluster a retry or a skip is for
 * @param from the release a retried hop starts from
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Act(Instant at, Kind kind, String by, String comment, Optional<String> upgrade, Version release,
        Optional<String> stage, Optional<ApprovalGate> gate, Optional<String> cluster, Optional<Version> from) {

    /**
     * Validates the parts against the kind.
     *
     * @throws IllegalArgumentException when a name is blank or the kind lacks a part it needs
     */
    public Act {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(comment, "comment");
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(from, "from");
        if (by.isBlank()) {
            throw new IllegalArgumentException("an act names who took it");
        }
        for (Optional<String> name : List.of(upgrade, stage, cluster)) {
            if (name.filter(n -> n.isBlank() || n.indexOf(':') >= 0 || n.indexOf('@') >= 0).isPresent()) {
                throw new IllegalArgumentException("an act's upgrade, stage and cluster are names without ':' or '@',"
                        + " not '" + name.get() + "'");
            }
        }
        boolean needsUpgrade = kind != Kind.RETRY;
        boolean needsCluster = kind == Kind.RETRY || kind == Kind.SKIP;
        boolean approval = kind == Kind.APPROVE;
        if (needsUpgrade && upgrade.isEmpty() || needsCluster != cluster.isPresent()
                || approval != stage.isPresent() || approval != gate.isPresent()
                || (kind == Kind.RETRY) != from.isPresent()) {
            throw new IllegalArgumentException("a " + kind + " act names " + names(kind));
        }
        if (from.filter(release::isOlderThan).isPresent()) {
            throw new IllegalArgumentException("a retried hop goes up, not from " + from.get() + " to " + release);
        }
    }

    private static String names(Kind kind) {
        return switch (kind) {
            case APPROVE -> "an upgrade, a release, a stage and a gate";
            case PAUSE, RESUME, CANCEL -> "an upgrade and a release";
            case RETRY -> "a cluster and a hop, from and to a release";
            case SKIP -> "a cluster, an upgrade and a release";
        };
    }

    /** Approves a stage's gate for the run of {@code upgrade} to {@code release}. */
    public static Act approve(Instant at, String by, String upgrade, Version release, String stage, ApprovalGate gate,
            String comment) {
        return new Act(at, Kind.APPROVE, by, comment, Optional.of(upgrade), release, Optional.of(stage),
                Optional.of(gate), Optional.empty(), Optional.empty());
    }

    /** Pauses an upgrade: no new starts until it is resumed; hops in flight finish. */
    public static Act pause(Instant at, String by, String upgrade, Version release, String reason) {
        return upgradeAct(at, Kind.PAUSE, by, upgrade, release, reason);
    }

    /** Resumes a paused upgrade. */
    public static Act resume(Instant at, String by, String upgrade, Version release, String reason) {
        return upgradeAct(at, Kind.RESUME, by, upgrade, release, reason);
    }

    /** Cancels the run of {@code upgrade} to {@code release} for good: no new starts; hops in flight finish. */
    public static Act cancel(Instant at, String by, String upgrade, Version release, String reason) {
        return upgradeAct(at, Kind.CANCEL, by, upgrade, release, reason);
    }

    /** Starts a cluster's failed hop {@code from} → {@code to} again, as its next attempt. */
    public static Act retry(Instant at, String by, String cluster, Optional<String> upgrade, Version from, Version to,
            String comment) {
        return new Act(at, Kind.RETRY, by, comment, upgrade, to, Optional.empty(), Optional.empty(),
                Optional.of(cluster), Optional.of(from));
    }

    /** Takes a cluster out of the run of {@code upgrade} to {@code release}: not started, not counted, not waited for. */
    public static Act skip(Instant at, String by, String cluster, String upgrade, Version release, String reason) {
        return new Act(at, Kind.SKIP, by, reason, Optional.of(upgrade), release, Optional.empty(), Optional.empty(),
                Optional.of(cluster), Optional.empty());
    }

    private static Act upgradeAct(Instant at, Kind kind, String by, String upgrade, Version release, String reason) {
        return new Act(at, kind, by, reason, Optional.of(upgrade), release, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());
    }

    /** {@code 2026-03-10T07:00:00Z alice approve fleet}. */
    @Override
    public String toString() {
        return at + " " + by + " " + kind + (upgrade.map(u -> " " + u).orElse("")) + cluster.map(c -> " " + c).orElse("");
    }

    /** What an act does. */
    public enum Kind {
        /** Grants a stage's approval gate for one run. */
        APPROVE("approve"),
        /** Stops new starts of an upgrade until it is resumed. */
        PAUSE("pause"),
        /** Lifts a pause. */
        RESUME("resume"),
        /** Ends a run for good: no new starts; the hops in flight finish. */
        CANCEL("cancel"),
        /** Starts a failed hop again, as its next attempt. */
        RETRY("retry"),
        /** Takes a cluster out of a run. */
        SKIP("skip");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        /** The word journals and the CLI use ({@code approve}, {@code pause}, ...). */
        public String word() {
            return word;
        }

        /** The words, in declaration order, for readers. */
        public static Map<String, Kind> words() {
            Map<String, Kind> out = new LinkedHashMap<>();
            for (Kind k : values()) {
                out.put(k.word, k);
            }
            return out;
        }

        @Override
        public String toString() {
            return word;
        }
    }
}

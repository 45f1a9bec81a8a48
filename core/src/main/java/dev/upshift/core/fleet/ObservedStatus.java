package dev.upshift.core.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.release.Version;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeCondition;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a {@code ManagedCluster}'s {@code status} says about the cluster, as a GitOps controller, a
 * pipeline or a person writes it back (docs/formats.md): the release it really runs, which attempt
 * the conditions are about, the conditions, and how far the machines got. The files status probe
 * answers from it.
 *
 * @param release {@code status.release}: the release the cluster is observed to run
 * @param upgrade {@code status.upgrade}: the id of the attempt the conditions and progress are about
 *     (the {@code Upshift-Upgrade-Id} of its commit, the key in {@code upshift history})
 * @param conditions {@code status.conditions}, in document order
 * @param progress {@code status.progress}: required, upgraded and ready machines
 * @param controlPlaneRelease {@code status.controlPlaneRelease}: the release the control plane is
 *     observed to run with all its machines up to date and ready, for a hop published in two parts
 *     (its workers may still run the old one)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ObservedStatus(Optional<Version> release, Optional<String> upgrade, List<Condition> conditions,
        Optional<UpgradeStatus.Progress> progress, Optional<Version> controlPlaneRelease) {
    private static final List<String> FIELDS = List.of("release", "upgrade", "conditions", "progress",
            "controlPlaneRelease");
    private static final List<String> CONDITION_FIELDS = List.of("type", "status", "reason", "message",
            "lastTransitionTime");

    /** Validates and copies the parts. */
    public ObservedStatus {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(upgrade, "upgrade");
        conditions = List.copyOf(conditions);
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(controlPlaneRelease, "controlPlaneRelease");
    }

    /** A status that says nothing of the control plane alone. */
    public ObservedStatus(Optional<Version> release, Optional<String> upgrade, List<Condition> conditions,
            Optional<UpgradeStatus.Progress> progress) {
        this(release, upgrade, conditions, progress, Optional.empty());
    }

    /** A status that says nothing. */
    public static ObservedStatus none() {
        return new ObservedStatus(Optional.empty(), Optional.empty(), List.of(), Optional.empty());
    }

    /**
     * Reads the {@code status} of a {@code ManagedCluster} document; problems (with file, line and
     * field) go to {@code problems}, and what could not be read is left out.
     */
    public static ObservedStatus of(SourceDocument document, Problems problems) {
        return ObjectView.of(document, problems).object("status").map(ObservedStatus::read).orElse(none());
    }

    static ObservedStatus read(ObjectView status) {
        Optional<Version> release = status.parsed("release", Version::parse);
        Optional<String> upgrade = status.string("upgrade");
        List<Condition> conditions = new ArrayList<>();
        for (ObjectView c : status.objects("conditions")) {
            Optional<UpgradeCondition.Type> type = c.requiredString("type").flatMap(t -> type(c, t));
            Optional<String> truth = c.requiredString("status");
            truth.filter(t -> !List.of("True", "False", "Unknown").contains(t))
                    .ifPresent(t -> c.error("status", "is True, False or Unknown, not '" + t + "'"));
            String reason = c.string("reason").orElse("Unspecified");
            String message = c.string("message").orElse("");
            Optional<Instant> at = c.parsed("lastTransitionTime", ClusterUpgradeReader::instant);
            c.rejectUnknownFields(CONDITION_FIELDS);
            if (type.isPresent() && truth.isPresent()) {
                conditions.add(new Condition(type.get(), truth.get().equals("True"), reason, message, at));
            }
        }
        Optional<UpgradeStatus.Progress> progress = status.object("progress").flatMap(ObservedStatus::progress);
        Optional<Version> controlPlane = status.parsed("controlPlaneRelease", Version::parse);
        status.rejectUnknownFields(FIELDS);
        return new ObservedStatus(release, upgrade, conditions, progress, controlPlane);
    }

    private static Optional<UpgradeCondition.Type> type(ObjectView c, String text) {
        Map<String, UpgradeCondition.Type> words = new LinkedHashMap<>();
        for (UpgradeCondition.Type t : UpgradeCondition.Type.values()) {
            words.put(t.word(), t);
        }
        UpgradeCondition.Type t = words.get(text);
        if (t == null) {
            c.error("type", "is one of " + String.join(", ", words.keySet()) + ", not '" + text + "'");
        }
        return Optional.ofNullable(t);
    }

    private static Optional<UpgradeStatus.Progress> progress(ObjectView p) {
        Optional<Long> required = p.integer("required", 0, Integer.MAX_VALUE);
        Optional<Long> upgraded = p.integer("upgraded", 0, Integer.MAX_VALUE);
        boolean ready = p.bool("ready").orElse(false);
        p.rejectUnknownFields(List.of("required", "upgraded", "ready"));
        if (required.isEmpty() || upgraded.isEmpty()) {
            return Optional.empty();
        }
        if (upgraded.get() > required.get()) {
            p.error("upgraded", "is at most required (" + required.get() + "), not " + upgraded.get());
            return Optional.empty();
        }
        return Optional.of(new UpgradeStatus.Progress(required.get().intValue(), upgraded.get().intValue(), ready));
    }

    /**
     * What this status says of an attempt: succeeded when the cluster is observed to run the hop's
     * release (and no failure of this attempt is reported), failed when an {@code UpgradeFailed}
     * condition is true for this attempt, in progress otherwise (with the progress reported for it).
     *
     * @param attempt the attempt
     * @param now the transition time to report where the status gives none
     */
    public UpgradeStatus answer(Upgrade attempt, Instant now) {
        boolean aboutIt = aboutIt(attempt);
        Optional<Condition> failed = conditions.stream()
                .filter(c -> c.type() == UpgradeCondition.Type.UPGRADE_FAILED && c.status()).findFirst();
        if (aboutIt && failed.isPresent()) {
            Condition c = failed.get();
            return UpgradeStatus.failed(c.reason(), c.message(), c.lastTransitionTime().orElse(now));
        }
        if (release.isPresent() && release.get().samePrecedence(attempt.to())) {
            Optional<Condition> done = conditions.stream()
                    .filter(c -> c.type() == UpgradeCondition.Type.UPGRADE_SUCCEEDED && c.status()).findFirst();
            return UpgradeStatus.succeeded(done.map(Condition::reason).orElse("ReleaseObserved"),
                    done.map(Condition::message).orElse("the cluster runs " + release.get()),
                    done.flatMap(Condition::lastTransitionTime).orElse(now));
        }
        if (aboutIt && progress.isPresent()) {
            return UpgradeStatus.inProgress("MachinesUpgrading", progress.get().toString(), now, progress.get());
        }
        return UpgradeStatus.inProgress("Waiting", release.map(r -> "the cluster still runs " + r)
                .orElse("no status reported yet"), now);
    }

    /**
     * What this status says of one part of a hop published in two ({@link UpgradePart}): of the
     * workers' part, what {@link #answer(Upgrade, Instant)} says of the whole hop; of the control
     * plane's part, succeeded when {@code controlPlaneRelease} (or the whole cluster's
     * {@code release}) is the hop's release, failed when an {@code UpgradeFailed} condition is true
     * for the attempt or the part, in progress otherwise.
     *
     * @param part the part, under its own id (the hop's key, {@code /}, the part's word); a status
     *     whose {@code upgrade} names the hop's key is about each of its parts too
     * @param which which part
     * @param now the transition time to report where the status gives none
     */
    public UpgradeStatus answer(Upgrade part, UpgradePart which, Instant now) {
        if (which == UpgradePart.WORKERS) {
            return answer(part, now);
        }
        boolean aboutIt = aboutIt(part);
        Optional<Condition> failed = conditions.stream()
                .filter(c -> c.type() == UpgradeCondition.Type.UPGRADE_FAILED && c.status()).findFirst();
        if (aboutIt && failed.isPresent()) {
            Condition c = failed.get();
            return UpgradeStatus.failed(c.reason(), c.message(), c.lastTransitionTime().orElse(now));
        }
        Optional<Version> observed = controlPlaneRelease.filter(r -> r.samePrecedence(part.to()))
                .or(() -> release.filter(r -> r.samePrecedence(part.to())));
        if (observed.isPresent()) {
            return UpgradeStatus.succeeded("ControlPlaneObserved", "the control plane runs " + observed.get(), now);
        }
        if (aboutIt && progress.isPresent()) {
            return UpgradeStatus.inProgress("ControlPlaneUpgrading", progress.get().toString(), now, progress.get());
        }
        return UpgradeStatus.inProgress("Waiting", controlPlaneRelease.or(() -> release)
                .map(r -> "the control plane still runs " + r).orElse("no status reported yet"), now);
    }

    /** Whether {@code status.upgrade} names the attempt, or the hop whose part it is. */
    private boolean aboutIt(Upgrade attempt) {
        return upgrade.filter(u -> attempt.id().equals(u) || attempt.id().startsWith(u + "/")).isPresent();
    }

    /**
     * One condition as written in {@code status.conditions}.
     *
     * @param type which condition
     * @param status whether it holds ({@code "True"})
     * @param reason its reason word; {@code Unspecified} when the document gives none
     * @param message its message; may be empty
     * @param lastTransitionTime when it last changed, if written
     */
    public record Condition(UpgradeCondition.Type type, boolean status, String reason, String message,
            Optional<Instant> lastTransitionTime) {
        /** Validates the parts. */
        public Condition {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(lastTransitionTime, "lastTransitionTime");
        }
    }
}

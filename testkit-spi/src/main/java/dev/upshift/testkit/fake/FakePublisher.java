package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * A {@link ChangePublisher} whose target is held in memory: publishing an upgrade moves its cluster
 * to the upgrade's release and keeps the change's documents, once per {@link Upgrade#id()} — a
 * second call with the same id finds it done, answers the same reference and changes nothing, as
 * the contract asks. It records every call, and can reject or fail on request.
 *
 * <pre>{@code
 * FakePublisher publisher = new FakePublisher();
 * publisher.rejectNext("the branch is protected");
 * publisher.faults().throwOnce();                 // a push whose connection dropped
 * publisher.loseNextAnswer();                     // applied, but the caller never heard back
 * publisher.release("prod-1");                    // Optional[20.1.0] once published
 * }</pre>
 *
 * <p>{@link #restarted()} gives a new publisher over the same target, as a restarted process would
 * have. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakePublisher implements ChangePublisher {
    private final Target target;
    private final Faults faults = new Faults("publish");
    private final List<Call> calls = new ArrayList<>();
    private final Deque<String> rejectNext = new ArrayDeque<>();
    private Predicate<Upgrade> rejectWhen = u -> false;
    private String rejectWhy = "";
    private boolean loseNextAnswer;

    /** A publisher over an empty target. */
    public FakePublisher() {
        this(new Target());
    }

    private FakePublisher(Target target) {
        this.target = target;
    }

    /**
     * One call: which upgrade, the change it carried, and what it answered.
     *
     * @param upgrade the upgrade
     * @param change its three-way merge
     * @param answer what the publisher answered; empty when the call threw
     */
    public record Call(Upgrade upgrade, MergeResult change, Optional<Publication> answer) {
        /** Validates the parts. */
        public Call {
            Objects.requireNonNull(upgrade, "upgrade");
            Objects.requireNonNull(change, "change");
            Objects.requireNonNull(answer, "answer");
        }
    }

    /** The switches that make {@link #publish} throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** The next call (that does not throw) answers {@code rejected(reason)} and changes nothing. */
    public synchronized FakePublisher rejectNext(String reason) {
        Publication.rejected(reason);
        rejectNext.add(reason);
        return this;
    }

    /** Every call for an upgrade that {@code which} accepts is rejected with {@code reason}. */
    public synchronized FakePublisher rejectWhen(Predicate<Upgrade> which, String reason) {
        Publication.rejected(reason);
        this.rejectWhen = Objects.requireNonNull(which, "which");
        this.rejectWhy = reason;
        return this;
    }

    /** Every call is rejected with {@code reason}. */
    public FakePublisher rejectAlways(String reason) {
        return rejectWhen(u -> true, reason);
    }

    /**
     * The next call applies its change and then throws, as a push whose answer was lost does: the
     * caller cannot tell that the change went out.
     */
    public synchronized FakePublisher loseNextAnswer() {
        loseNextAnswer = true;
        return this;
    }

    /** A new publisher over the same target, with no switches and no calls: a restarted process. */
    public FakePublisher restarted() {
        return new FakePublisher(target);
    }

    @Override
    public Publication publish(Upgrade upgrade, MergeResult change) {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(change, "change");
        try {
            faults.enter();
        } catch (RuntimeException e) {
            record(new Call(upgrade, change, Optional.empty()));
            throw e;
        }
        String rejection;
        boolean lose;
        synchronized (this) {
            rejection = !rejectNext.isEmpty() ? rejectNext.poll() : rejectWhen.test(upgrade) ? rejectWhy : null;
            lose = rejection == null && loseNextAnswer;
            loseNextAnswer = loseNextAnswer && !lose;
        }
        if (rejection != null) {
            Publication answer = Publication.rejected(rejection);
            record(new Call(upgrade, change, Optional.of(answer)));
            return answer;
        }
        Publication answer = Publication.published(target.apply(upgrade, change.documents()));
        if (lose) {
            record(new Call(upgrade, change, Optional.empty()));
            throw new IllegalStateException("publish: the change went out, but its answer was lost");
        }
        record(new Call(upgrade, change, Optional.of(answer)));
        return answer;
    }

    private synchronized void record(Call call) {
        calls.add(call);
    }

    /** Every call this publisher took, in order (a restarted one starts with none). */
    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The ids of the upgrades it was called with, in order, repeats included. */
    public synchronized List<String> calledIds() {
        return calls.stream().map(c -> c.upgrade().id()).toList();
    }

    /** The release each cluster runs on the target, for the clusters something was published for, by id. */
    public Map<String, Version> releases() {
        return target.releases();
    }

    /** The release a cluster runs on the target, if anything was published for it. */
    public Optional<Version> release(String clusterId) {
        return Optional.ofNullable(target.releases().get(clusterId));
    }

    /** The documents last published for a cluster, if any. */
    public Optional<DocumentSet> documents(String clusterId) {
        return target.documents(clusterId);
    }

    /** The upgrades that reached the target, each once, in the order they did. */
    public List<Upgrade> published() {
        return target.published();
    }

    /** How many distinct upgrades reached the target for a cluster: the effects, not the calls. */
    public int effects(String clusterId) {
        return (int) target.published().stream().filter(u -> u.cluster().id().equals(clusterId)).count();
    }

    /** What the target holds: each published upgrade's id and reference, in order. */
    public Map<String, String> references() {
        return target.references();
    }

    @Override
    public String toString() {
        return "fake publisher: " + target.published().size() + " published, " + calls().size() + " calls";
    }

    /** What publishing changes, shared by a publisher and its restarts. */
    private static final class Target {
        private final Map<String, String> references = new LinkedHashMap<>();
        private final List<Upgrade> published = new ArrayList<>();
        private final Map<String, Version> releases = new TreeMap<>();
        private final Map<String, DocumentSet> documents = new TreeMap<>();

        synchronized String apply(Upgrade u, DocumentSet docs) {
            String done = references.get(u.id());
            if (done != null) {
                return done;
            }
            String reference = "published " + u.id();
            references.put(u.id(), reference);
            published.add(u);
            releases.put(u.cluster().id(), u.to());
            documents.put(u.cluster().id(), docs);
            return reference;
        }

        synchronized Map<String, Version> releases() {
            return Map.copyOf(releases);
        }

        synchronized Optional<DocumentSet> documents(String cluster) {
            return Optional.ofNullable(documents.get(cluster));
        }

        synchronized List<Upgrade> published() {
            return List.copyOf(published);
        }

        synchronized Map<String, String> references() {
            return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(references));
        }
    }
}

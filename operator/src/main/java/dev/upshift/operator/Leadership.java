package dev.upshift.operator;

import dev.upshift.common.problem.StaleWriterException;
import dev.upshift.spi.FencedHistoryStore;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectorBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leader election on a {@code coordination.k8s.io} Lease, with fabric8's {@code LeaderElector}, and
 * the gate every effect of the replica passes: {@link #holds(Term)} is true only while the term this
 * replica won is current. On winning the lease it reads the lease's {@code leaseTransitions}, makes
 * the {@link Term}, claims the term's epoch in the shared history ({@link FencedHistoryStore#claimEpoch}) and
 * only then opens the gate; on losing it (another holder seen, renewal past its deadline, or the
 * history refusing a write) it closes the gate first and tells the listener after.
 *
 * <p>The operator SDK's own leader election is not used: configured not to exit, it keeps
 * reconciling after the lease is lost; configured to exit, it ends the JVM, which no in-process test
 * of two replicas survives. A replica whose term ended does not take part again: its process exits
 * and Kubernetes starts a new one (docs/operator.md).
 */
final class Leadership {
    private static final Logger LOG = LoggerFactory.getLogger(Leadership.class);

    /** What happens when a term starts and ends; called on the election's thread, must not block long. */
    interface Listener {
        void started(Term term);

        void ended(Term term, String why);
    }

    private final KubernetesClient client;
    private final String namespace;
    private final String leaseName;
    private final String identity;
    private final FencedHistoryStore history;
    private final Timing timing;
    private final Listener listener;
    private final AtomicReference<Term> current = new AtomicReference<>();
    private final ExecutorService election = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "upshift-leader-election");
        t.setDaemon(true);
        return t;
    });
    private CompletableFuture<?> running;

    /** The lease's timing, as Kubernetes' own controllers set theirs (15 s, 10 s, 2 s by default). */
    record Timing(Duration leaseDuration, Duration renewDeadline, Duration retryPeriod, boolean releaseOnStop) {
        Timing {
            if (renewDeadline.compareTo(leaseDuration) >= 0 || retryPeriod.compareTo(renewDeadline) >= 0) {
                throw new IllegalArgumentException("a lease needs retryPeriod < renewDeadline < leaseDuration, not "
                        + retryPeriod + ", " + renewDeadline + ", " + leaseDuration);
            }
        }

        static Timing standard() {
            return new Timing(Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2), true);
        }
    }

    Leadership(KubernetesClient client, String namespace, String leaseName, String identity, FencedHistoryStore history,
            Timing timing, Listener listener) {
        this.client = Objects.requireNonNull(client, "client");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.leaseName = Objects.requireNonNull(leaseName, "leaseName");
        this.identity = Objects.requireNonNull(identity, "identity");
        this.history = Objects.requireNonNull(history, "history");
        this.timing = Objects.requireNonNull(timing, "timing");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    synchronized void start() {
        if (running != null) {
            throw new IllegalStateException("leader election of " + identity + " is already running");
        }
        LeaderElectionConfig config = new LeaderElectionConfig(new LeaseLock(namespace, leaseName, identity),
                timing.leaseDuration(), timing.renewDeadline(), timing.retryPeriod(),
                new LeaderCallbacks(this::won, () -> end("the lease was lost"), leader -> LOG.info(
                        "lease {}/{} is held by {}", namespace, leaseName, leader)),
                timing.releaseOnStop(), leaseName);
        running = new LeaderElectorBuilder(client, election).withConfig(config).build().start();
    }

    /** The current term, while this replica holds the lease and the history accepted its epoch. */
    Optional<Term> current() {
        return Optional.ofNullable(current.get());
    }

    /** Whether {@code term} is still this replica's current term: the gate of every effect. */
    boolean holds(Term term) {
        return term != null && current.get() == term;
    }

    /**
     * Ends {@code term} at once, if it is still current: the history refused it, or its engine must
     * stop for another reason. The replica then leaves the election, handing the lease back.
     */
    void abandon(Term term, String why) {
        if (current.compareAndSet(term, null)) {
            giveUp(term, why);
        }
    }

    /** Stops taking part in the election; releases the lease when the timing says so. */
    synchronized void stop() {
        end("the replica stopped");
        if (running != null) {
            running.cancel(true);
        }
        election.shutdownNow();
    }

    void won() {
        Lease lease = client.resources(Lease.class).inNamespace(namespace).withName(leaseName).get();
        if (lease == null || lease.getSpec() == null || !identity.equals(lease.getSpec().getHolderIdentity())) {
            // another holder took the lease between the election's write and this read: the replica has no term
            // to act in, and leaves the election as one whose lease was lost does (its process exits for a fresh one)
            Integer transitions = lease == null || lease.getSpec() == null ? null : lease.getSpec().getLeaseTransitions();
            Term won = Term.ofLease(identity, transitions == null ? 0 : Math.max(0, transitions - 1));
            giveUp(won, "it won the lease, but " + (lease == null ? "the lease was deleted" : "'" + holder(lease)
                    + "' took it") + " before the replica could read its term back");
            return;
        }
        Integer transitions = lease.getSpec().getLeaseTransitions();
        Term term = Term.ofLease(identity, transitions == null ? 0 : transitions);
        try {
            history.claimEpoch(term.epoch());
        } catch (StaleWriterException e) {
            giveUp(term, "the history refuses its epoch (" + e.getMessage() + "); see docs/operator.md,"
                    + " \"The lease was deleted\"");
            return;
        } catch (RuntimeException e) {
            giveUp(term, "it could not claim its epoch in the history: " + e.getMessage());
            return;
        }
        current.set(term);
        LOG.info("{} leads: lease {}/{}", term, namespace, leaseName);
        listener.started(term);
    }

    private static String holder(Lease lease) {
        return lease.getSpec() == null || lease.getSpec().getHolderIdentity() == null ? "nobody"
                : lease.getSpec().getHolderIdentity();
    }

    /** A term that cannot act releases the lease for another replica, and ends as a lost one does. */
    private void giveUp(Term term, String why) {
        LOG.error("{} stops acting and leaves the election for lease {}/{}: {}", term, namespace, leaseName, why);
        Thread t = new Thread(() -> {
            stop();
            listener.ended(term, why);
        }, "upshift-give-up");
        t.setDaemon(true);
        t.start();
    }

    private void end(String why) {
        Term term = current.getAndSet(null);
        if (term != null) {
            LOG.warn("{} stops acting: {}", term, why);
            listener.ended(term, why);
        }
    }
}

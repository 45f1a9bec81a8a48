package dev.upshift.testkit.contract;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.Publication;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePartHook;
import dev.upshift.spi.UpgradeStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** The contracts' rules fail on adapters that break them, and a capability declared missing aborts its rule, saying why. */
class ContractsCatchBrokenAdaptersTest {

    /** A publisher that publishes anew on every call: a second commit for the same upgrade. */
    private static final class Repeating extends ChangePublisherContract {
        final List<String> commits = new ArrayList<>();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class).unsupported(Capability.RESTART, "it keeps nothing")
                    .unsupported(Capability.REJECTION, "nothing refuses it")
                    .unsupported(Capability.UNREACHABLE, "it reaches nothing");
        }

        @Override
        protected ChangePublisher newPublisher() {
            return (u, c) -> {
                commits.add(u.id());
                return Publication.published("commit " + commits.size());
            };
        }

        @Override
        protected Change change() {
            var fleet = ContractFleets.fleet();
            return new Change(ContractFleets.upgrade(ContractFleets.cluster(fleet), 1), ContractFleets.merge(fleet));
        }

        @Override
        protected Object target() {
            return List.copyOf(commits);
        }
    }

    @Test
    @DisplayName("P2 fails a publisher that publishes the same upgrade twice; P4 aborts with the declared reason")
    void publisher() {
        assertThatThrownBy(() -> new Repeating().idempotent()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Repeating().aRejectionIsAnAnswer()).isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("P4 needs REJECTION, which this adapter declares unsupported: nothing refuses it");
    }

    /** A store whose reads are live views, and that forgets everything when opened again. */
    private static final class Leaky extends HistoryStoreContract {
        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected HistoryStore newStore() {
            List<HistoryEntry> entries = new ArrayList<>();
            return new HistoryStore() {
                @Override
                public void append(HistoryEntry entry) {
                    entries.add(entry);
                }

                @Override
                public List<HistoryEntry> history(String clusterId) {
                    return entries;
                }

                @Override
                public List<HistoryEntry> entries() {
                    return entries;
                }
            };
        }

        @Override
        protected HistoryStore reopen(HistoryStore store) {
            return newStore();
        }
    }

    @Test
    @DisplayName("H2, H3, H5, H6 and H8 fail a store with live reads, no fencing and no durability")
    void history() {
        assertThatThrownBy(() -> new Leaky().historyOfOneCluster()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Leaky().readsAreSnapshots()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Leaky().fencing()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Leaky().durable()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Leaky().claims()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("a store that fences says so as a FencedHistoryStore");
    }

    /** A probe that counts its calls into its answer, and writes to what it looks at. */
    private static final class Restless extends StatusProbeContract {
        final AtomicInteger system = new AtomicInteger();

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class);
        }

        @Override
        protected Upgrade upgrade() {
            return ContractFleets.upgrade(ContractFleets.cluster(ContractFleets.fleet()), 1);
        }

        @Override
        protected StatusProbe newProbe() {
            return (u, now) -> UpgradeStatus.inProgress("Upgrading", "call " + system.incrementAndGet(), now);
        }

        @Override
        protected void arrangeInProgress(Upgrade upgrade) {}

        @Override
        protected void arrangeSucceeded(Upgrade upgrade) {}

        @Override
        protected Object system() {
            return system.get();
        }
    }

    @Test
    @DisplayName("S2, S3 and S5 fail a probe whose answers move with its calls and never succeed")
    void probe() {
        assertThatThrownBy(() -> new Restless().stable()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Restless().succeeded()).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Restless().onlyLooks()).isInstanceOf(AssertionError.class);
    }

    /** A workers' gate that refuses with a message counting how often it was asked: a reason that moves. */
    private static final class Chatty extends UpgradePartHookContract {
        private boolean rejected;
        private int asked;

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class)
                    .unsupported(Capability.HOLD_BEFORE_CONTROL_PLANE, "it only refuses")
                    .unsupported(Capability.HOLD_AFTER_CONTROL_PLANE, "it only refuses")
                    .unsupported(Capability.HOLD_BEFORE_WORKERS, "it only refuses")
                    .unsupported(Capability.HOLD_AFTER_WORKERS, "it only refuses");
        }

        @Override
        protected UpgradePartHook newHook() {
            return new UpgradePartHook() {
                @Override
                public HookResult beforeWorkers(Upgrade part) {
                    asked++;
                    return rejected ? HookResult.abort("the change board rejected it (asked " + asked + " times)")
                            : HookResult.proceed();
                }
            };
        }

        @Override
        protected void arrangeProceed(String clusterId) {
            rejected = false;
        }

        @Override
        protected void arrangeAbort(String clusterId) {
            rejected = true;
        }
    }

    @Test
    @DisplayName("Q2 fails a part hook whose reason changes from one call to the next; Q7 aborts with the declared"
            + " reason")
    void partHookWithAMovingReason() {
        assertThatThrownBy(() -> new Chatty().abortsWithAStableReason()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("asked 1 times").hasMessageContaining("asked 2 times");
        assertThatThrownBy(() -> new Chatty().holdBeforeTheWorkers()).isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("Q7 needs HOLD_BEFORE_WORKERS, which this adapter declares unsupported: it only"
                        + " refuses");
    }

    /** A workers' gate that holds each part once and then lets it through, whether or not it is approved. */
    private static final class Forgetful extends UpgradePartHookContract {
        private final Set<String> heldOnce = new HashSet<>();
        private boolean approved = true;

        @Override
        protected Capabilities<Capability> capabilities() {
            return Capabilities.all(Capability.class)
                    .unsupported(Capability.HOLD_BEFORE_CONTROL_PLANE, "it gates the workers only")
                    .unsupported(Capability.HOLD_AFTER_CONTROL_PLANE, "it gates the workers only")
                    .unsupported(Capability.HOLD_AFTER_WORKERS, "it gates the workers only")
                    .unsupported(Capability.ABORT, "it never refuses");
        }

        @Override
        protected UpgradePartHook newHook() {
            return new UpgradePartHook() {
                @Override
                public HookResult beforeWorkers(Upgrade part) {
                    return approved || !heldOnce.add(part.id()) ? HookResult.proceed()
                            : HookResult.retryAfter(Duration.ofMinutes(15));
                }
            };
        }

        @Override
        protected void arrangeProceed(String clusterId) {
            approved = true;
        }

        @Override
        protected void arrangeHold(String clusterId, Point point) {
            approved = false;
        }
    }

    @Test
    @DisplayName("Q3 and Q7 fail a part hook that holds the workers once and then lets them through unapproved;"
            + " it passes Q1 and Q4")
    void partHookThatForgetsItsHold() {
        assertThatThrownBy(() -> new Forgetful().holdsWithADelay()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("held at beforeWorkers, asked again");
        assertThatThrownBy(() -> new Forgetful().holdBeforeTheWorkers()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("asked again, still not ready").hasMessageContaining("/workers");
        new Forgetful().idempotent();
        new Forgetful().inTwoParts();
    }
}

package dev.upshift.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.run.Deadlines;
import dev.upshift.spi.Decision;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryStore;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each call site the engine uses throws once, or hangs past its deadline once (every SPI wrapped
 * in {@link Deadlines}): after the fault clears, every cluster ends where it ends without it,
 * nothing reaches the target twice, and the history is valid.
 */
class EngineFaultsTest {
    private static final Duration DEADLINE = Duration.ofMillis(150);

    static Stream<Arguments> faults() {
        List<Arguments> out = new ArrayList<>();
        for (CallSite site : CallSite.values()) {
            if (site != CallSite.CHANGE) {
                out.add(Arguments.of(site, false));
                out.add(Arguments.of(site, true));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, hangs: {1}")
    @MethodSource("faults")
    void recoversFromOneFault(CallSite site, boolean hangs) {
        World calm = Runs.run(world(), b -> b.addStrategy(r -> Decision.accept()));
        Once once = new Once(hangs);
        World faulty = world();
        var probe = faulty.answers;
        faulty.answers = (u, now) -> {
            once.maybe(site == CallSite.PROBE);
            return probe.apply(u, now);
        };
        Deadlines deadlines = new Deadlines(DEADLINE);
        World ran = Runs.run(faulty, b -> {
            FleetSource plain = () -> new FleetReading(faulty.fleet(), faulty.publisher.releases);
            b.fleet(deadlines.fleet(() -> {
                once.maybe(site == CallSite.READ_FLEET);
                return plain.read();
            }));
            b.history(deadlines.history(flaky(faulty.history, site, once)));
            b.publisher(deadlines.publisher((u, c) -> {
                once.maybe(site == CallSite.PUBLISH);
                return faulty.publisher.publish(u, c);
            }));
            b.probe(deadlines.probe(faulty.probe()));
            b.addStrategy(deadlines.strategy(r -> {
                once.maybe(site == CallSite.STRATEGY);
                return Decision.accept();
            }));
            b.addHook("flaky", deadlines.hook(new UpgradeHook() {
                @Override
                public HookResult beforeUpgrade(Upgrade upgrade) {
                    once.maybe(site == CallSite.BEFORE_HOOK);
                    return HookResult.proceed();
                }

                @Override
                public HookResult afterUpgrade(UpgradeEvent finished) {
                    once.maybe(site == CallSite.AFTER_HOOK);
                    return HookResult.proceed();
                }
            }));
            b.events(deadlines.events(e -> {
                once.maybe(site == CallSite.EMIT_EVENT);
                faulty.events.add(e);
            }));
        });
        deadlines.close();

        assertThat(once.fired).as("the fault happened").isTrue();
        assertThat(ran.publisher.releases).isEqualTo(calm.publisher.releases);
        assertThat(ran.publisher.hopsApplied.values()).allMatch(c -> c == 1);
        assertThat(HistoryRules.violations(ran.history.all())).isEmpty();
        assertThat(finishedHops(ran)).isEqualTo(finishedHops(calm));
    }

    private static HistoryStore flaky(FakeHistory h, CallSite site, Once once) {
        return new HistoryStore() {
            @Override
            public void append(HistoryEntry entry) {
                appendAll(List.of(entry));
            }

            @Override
            public void appendAll(List<HistoryEntry> entries) {
                once.maybe(site == CallSite.APPEND_HISTORY);
                h.appendAll(entries);
            }

            @Override
            public List<HistoryEntry> history(String clusterId) {
                return h.history(clusterId);
            }

            @Override
            public List<HistoryEntry> entries() {
                once.maybe(site == CallSite.READ_HISTORY);
                return h.entries();
            }
        };
    }

    private static World world() {
        World w = Runs.world();
        w.intent(World.upgradeTo("20.1.0").strategy(StrategyPreference.IN_PLACE));
        w.clusters.replaceAll(c -> c.toBuilder().resources(Resources.controlPlaneAndWorkers()).build());
        return w;
    }

    private static List<String> finishedHops(World w) {
        return w.history.all().stream().filter(e -> e.step() == HistoryEntry.Step.FINISHED)
                .map(e -> e.clusterId() + " " + e.from() + ">" + e.to() + " " + e.state()).sorted().toList();
    }

    /** Throws, or hangs until interrupted, the first time it is asked to where {@code here} holds. */
    private static final class Once {
        private final boolean hangs;
        volatile boolean fired;

        Once(boolean hangs) {
            this.hangs = hangs;
        }

        void maybe(boolean here) {
            if (!here || fired) {
                return;
            }
            fired = true;
            if (hangs) {
                try {
                    Thread.sleep(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("hung, then interrupted");
            }
            throw new IllegalStateException("injected fault");
        }
    }
}

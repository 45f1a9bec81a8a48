package dev.upshift.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.spi.Decision;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HookResult;
import dev.upshift.spi.StrategyPreference;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradeEvent;
import dev.upshift.spi.UpgradeHook;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each call site the engine uses throws once: after the fault clears, every cluster ends where it
 * ends without it, nothing reaches the target twice, and the history is valid.
 */
class EngineFaultsTest {

    @ParameterizedTest(name = "{0} throws once")
    @EnumSource(value = CallSite.class, mode = EnumSource.Mode.EXCLUDE, names = "CHANGE")
    void recoversFromOneFault(CallSite site) {
        World calm = Runs.run(world(), b -> b.addStrategy(r -> Decision.accept()));
        Once once = new Once();
        World faulty = world();
        if (site == CallSite.PUBLISH) {
            faulty.publisher.throwNext();
        }
        if (site == CallSite.APPEND_HISTORY) {
            faulty.history.failNextAppend();
        }
        if (site == CallSite.READ_HISTORY) {
            faulty.history.failNextRead();
        }
        var probe = faulty.answers;
        faulty.answers = (u, now) -> {
            once.maybe(site == CallSite.PROBE);
            return probe.apply(u, now);
        };
        World ran = Runs.run(faulty, b -> {
            b.addStrategy(r -> {
                once.maybe(site == CallSite.STRATEGY);
                return Decision.accept();
            });
            b.addHook("flaky", new UpgradeHook() {
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
            });
            b.events(e -> {
                once.maybe(site == CallSite.EMIT_EVENT);
                faulty.events.add(e);
            });
            if (site == CallSite.READ_FLEET) {
                FleetSource plain = () -> new FleetReading(faulty.fleet(), faulty.publisher.releases);
                b.fleet(() -> {
                    once.maybe(true);
                    return plain.read();
                });
            }
        });

        assertThat(ran.publisher.releases).isEqualTo(calm.publisher.releases);
        assertThat(ran.publisher.hopsApplied.values()).allMatch(c -> c == 1);
        assertThat(HistoryRules.violations(ran.history.entries())).isEmpty();
        assertThat(finishedHops(ran)).isEqualTo(finishedHops(calm));
    }

    private static World world() {
        World w = Runs.world();
        w.intent(World.upgradeTo("20.1.0").strategy(StrategyPreference.IN_PLACE));
        w.clusters.replaceAll(c -> c.toBuilder().resources(Resources.controlPlaneAndWorkers()).build());
        return w;
    }

    private static List<String> finishedHops(World w) {
        return w.history.entries().stream().filter(e -> e.step() == HistoryEntry.Step.FINISHED)
                .map(e -> e.clusterId() + " " + e.from() + ">" + e.to() + " " + e.state()).sorted().toList();
    }

    /** Throws the first time it is asked to where {@code here} holds. */
    private static final class Once {
        private boolean done;

        void maybe(boolean here) {
            if (here && !done) {
                done = true;
                throw new IllegalStateException("injected fault");
            }
        }
    }
}

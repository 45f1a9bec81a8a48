package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.UpgradeStatus;
import dev.upshift.testkit.oracle.HistoryRules;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seed 000's single command: one cluster, now, whatever its windows and stages say. */
class EngineApplyTest {

    @Test
    @DisplayName("a cluster no upgrade selects starts its next hop now, recorded as a person's decision")
    void startsNow() {
        World w = new World().cluster("dev-1", "19.1.0");
        Application a = w.engine().build().apply(T0, "dev-1", Optional.of(Version.parse("20.1.0")), "CVE-2026-1234");

        assertThat(a.kind()).isEqualTo(Application.Kind.STARTED);
        assertThat(a.message()).contains("hop 1 of 2 (19.1.0 → 20.0.0)", "applied by a person", "CVE-2026-1234");
        assertThat(w.steps("dev-1")).containsExactly("starting 19.1.0>20.0.0", "published 19.1.0>20.0.0");
        assertThat(w.history.history("dev-1").get(0).intent()).isEmpty();
    }

    @Test
    @DisplayName("a second identical apply is a no-op that says what is under way")
    void secondApplyIsNoOp() {
        World w = new World().cluster("dev-1", "20.0.0");
        Engine engine = w.engine().build();
        engine.apply(T0, "dev-1", Optional.of(Version.parse("20.1.0")), "");

        Application again = engine.apply(T0.plusSeconds(5), "dev-1", Optional.of(Version.parse("20.1.0")), "");

        assertThat(again.kind()).isEqualTo(Application.Kind.ALREADY_UNDER_WAY);
        assertThat(again.message()).contains("dev-1:20.0.0..20.1.0#1", "under way");
        assertThat(again.recorded()).isEmpty();
        assertThat(w.publisher.calls).hasSize(1);
    }

    @Test
    @DisplayName("once the hop finished, the same apply says there is nothing to do")
    void nothingToDo() {
        World w = new World().cluster("dev-1", "20.0.0").succeedAfter(Duration.ofHours(1));
        Engine engine = w.engine().build();
        engine.apply(T0, "dev-1", Optional.of(Version.parse("20.1.0")), "");
        engine.reconcile(T0.plus(Duration.ofHours(1)));

        Application done = engine.apply(T0.plus(Duration.ofHours(2)), "dev-1", Optional.of(Version.parse("20.1.0")), "");

        assertThat(done.kind()).isEqualTo(Application.Kind.NOTHING_TO_DO);
        assertThat(done.message()).contains("already runs 20.1.0");
    }

    @Test
    @DisplayName("a frozen cluster is refused with its freeze")
    void refusesFrozen() {
        World w = new World();
        w.clusters.add(dev.upshift.spi.ManagedCluster.builder("prod-1").infrastructure("aws").release("20.0.0")
                .freeze(new Freeze(T0.plus(Duration.ofDays(20)), "year-end change freeze")).build());
        Application a = w.engine().build().apply(T0, "prod-1", Optional.of(Version.parse("20.1.0")), "");

        assertThat(a.kind()).isEqualTo(Application.Kind.REFUSED);
        assertThat(a.message()).contains("FROZEN", "year-end change freeze");
        assertThat(w.publisher.calls).isEmpty();
        assertThat(w.history.all()).isEmpty();
    }

    @Test
    @DisplayName("a release with no path, a downgrade and an unknown cluster are refused")
    void refusesWhatCannotBe() {
        World w = new World().cluster("dev-1", "20.0.0");
        Engine engine = w.engine().build();

        assertThat(engine.apply(T0, "dev-1", Optional.of(Version.parse("19.1.0")), "").message()).contains("never goes down");
        assertThat(engine.apply(T0, "dev-1", Optional.of(Version.parse("22.0.0")), "").message()).startsWith("NO_PATH");
        assertThat(engine.apply(T0, "nope", Optional.empty(), "").message()).contains("no cluster named nope");
        assertThat(w.publisher.calls).isEmpty();
    }

    @Test
    @DisplayName("after a failed hop, a person's apply is a new attempt with a new idempotency key")
    void retryAfterFailure() {
        World w = new World().cluster("dev-1", "20.0.0");
        w.answers = (u, now) -> u.id().endsWith("#1") ? UpgradeStatus.failed("Broken", "node did not join", now)
                : UpgradeStatus.inProgress("Rolling", "", now);
        Engine engine = w.engine().build();
        engine.apply(T0, "dev-1", Optional.of(Version.parse("20.1.0")), "");
        engine.reconcile(T0.plusSeconds(60));
        w.publisher.releases.clear();

        Application retry = engine.apply(T0.plusSeconds(120), "dev-1", Optional.of(Version.parse("20.1.0")), "retry");

        assertThat(retry.kind()).isEqualTo(Application.Kind.STARTED);
        assertThat(w.history.all()).extracting(HistoryEntry::upgradeId).last().isEqualTo("dev-1:20.0.0..20.1.0#2");
        assertThat(HistoryRules.violations(w.history.all())).isEmpty();
    }
}

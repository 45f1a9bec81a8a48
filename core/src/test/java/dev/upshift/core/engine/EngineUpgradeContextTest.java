package dev.upshift.core.engine;

import static dev.upshift.core.engine.World.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.release.Version;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.Stage;
import dev.upshift.spi.Upgrade;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the engine tells a publisher beyond the releases ({@link Upgrade#context()}): the stage of the
 * upgrade, which hop of how many towards which target, a person's request and reason; the same
 * after a crash between the journal's {@code starting} and the publication.
 */
class EngineUpgradeContextTest {

    private static Upgrade published(World w, String id) {
        return w.publisher.published.get(id).getKey();
    }

    @Test
    @DisplayName("a hop an upgrade's stage starts carries the stage (not the cluster's stage label) and hop 1 of 2")
    void stageAndHop() {
        World w = new World().cluster("dev-1", "19.1.0").intent(World.upgradeTo("20.1.0")
                .stage(Stage.of("canary", ClusterMatcher.label("stage", "dev"))));

        w.engine().build().reconcile(T0);

        assertThat(published(w, "dev-1:19.1.0..20.0.0#1").context()).isEqualTo(new Upgrade.Context(
                Optional.of("canary"), new Hop(1, 2, Version.parse("20.1.0")), false, ""));
    }

    @Test
    @DisplayName("an upgrade that names no stages gives none (not \"all\")")
    void noStages() {
        World w = new World().cluster("dev-1", "20.0.0").intent(World.upgradeTo("20.1.0"));

        w.engine().build().reconcile(T0);

        assertThat(published(w, "dev-1:20.0.0..20.1.0#1").context()).isEqualTo(
                Upgrade.Context.of(Hop.only(Version.parse("20.1.0"))));
    }

    @Test
    @DisplayName("a person's apply carries their reason")
    void applied() {
        World w = new World().cluster("dev-1", "19.1.0");

        w.engine().build().apply(T0, "dev-1", Optional.of(Version.parse("20.1.0")), "CVE-2026-1234");

        assertThat(published(w, "dev-1:19.1.0..20.0.0#1").context()).isEqualTo(new Upgrade.Context(
                Optional.empty(), new Hop(1, 2, Version.parse("20.1.0")), true, "CVE-2026-1234"));
    }

    @Test
    @DisplayName("a publication that failed after the journal's starting entry is made again with the same context")
    void sameWhenMadeAgain() {
        World w = new World().cluster("dev-1", "19.1.0").intent(World.upgradeTo("20.1.0")
                .stage(Stage.of("canary", ClusterMatcher.label("stage", "dev"))));
        w.publisher.throwNext();
        w.engine().build().reconcile(T0);
        assertThat(w.publisher.published).isEmpty();

        w.engine().build().reconcile(T0.plusSeconds(60));

        assertThat(published(w, "dev-1:19.1.0..20.0.0#1").context()).isEqualTo(new Upgrade.Context(
                Optional.of("canary"), new Hop(1, 2, Version.parse("20.1.0")), false, ""));
    }

    @Test
    @DisplayName("an applied hop made again after a failed publication keeps the person's reason; an apply names no"
            + " stage (it goes regardless of stages)")
    void appliedMadeAgain() {
        World w = new World().cluster("dev-1", "19.1.0").intent(World.upgradeTo("20.1.0")
                .stage(Stage.of("canary", ClusterMatcher.label("stage", "dev"))));
        w.publisher.throwNext();
        w.engine().build().apply(T0, "dev-1", Optional.of(Version.parse("20.1.0")), "before the freeze");
        assertThat(w.publisher.published).isEmpty();

        w.engine().build().reconcile(T0.plusSeconds(60));

        assertThat(published(w, "dev-1:19.1.0..20.0.0#1").context()).isEqualTo(new Upgrade.Context(
                Optional.empty(), new Hop(1, 2, Version.parse("20.1.0")), true, "before the freeze"));
    }
}

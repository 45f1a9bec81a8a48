package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.upshift.common.problem.SourceLocation;
import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClusterUpgradeTest {
    private static final ClusterMatcher DEV = ClusterMatcher.label("stage", "dev");
    private static final ClusterMatcher PROD = ClusterMatcher.label("stage", "prod");

    @Test
    @DisplayName("a builder with a name, a matcher and a target makes an upgrade with the documented defaults")
    void defaults() {
        ClusterUpgrade upgrade = ClusterUpgrade.builder("fleet-to-20.1").matcher(DEV).release("20.1.0").build();

        assertThat(upgrade.name()).isEqualTo("fleet-to-20.1");
        assertThat(upgrade.matchers()).containsExactly(DEV);
        assertThat(upgrade.target()).isEqualTo(UpgradeTarget.release(Version.of(20, 1, 0)));
        assertThat(upgrade.startTime()).isEmpty();
        assertThat(upgrade.expectedDuration()).isEqualTo(ClusterUpgrade.DEFAULT_EXPECTED_DURATION)
                .isEqualTo(Duration.ofHours(1));
        assertThat(upgrade.windowPolicy()).isEqualTo(WindowPolicy.START_WITHIN);
        assertThat(upgrade.strategy()).isEqualTo(StrategyPreference.ROLLING);
        assertThat(upgrade.stages()).isEmpty();
        assertThat(upgrade.location()).isEqualTo(SourceLocation.of("upgrade fleet-to-20.1"));
    }

    @Test
    @DisplayName("DESIGN.md's example intent builds with every part in place, stages in order")
    void designExample() {
        ClusterUpgrade upgrade = ClusterUpgrade.builder("fleet-to-20.1")
                .matcher(ClusterMatcher.clusterId("mgab6").withName("by-id"))
                .matcher(ClusterMatcher.labelRegex("stage", "dev|test").withName("dev"))
                .release("20.1.0")
                .startTime(Instant.parse("2021-03-10T07:00:00Z"))
                .expectedDuration(Duration.ofHours(2))
                .windowPolicy(WindowPolicy.START_WITHIN)
                .strategy(StrategyPreference.ROLLING)
                .stage(Stage.of("dev", DEV).withSoak(Duration.ofHours(24)).withMaxConcurrent(MaxConcurrent.clusters(5))
                        .withMaxFailures(0))
                .stage(Stage.of("prod", PROD).withMaxConcurrent(MaxConcurrent.clusters(2)))
                .build();

        assertThat(upgrade.matchers()).extracting(ClusterMatcher::key)
                .containsExactly(Optional.empty(), Optional.of("stage"));
        assertThat(upgrade.startTime()).contains(Instant.parse("2021-03-10T07:00:00Z"));
        assertThat(upgrade.stages()).extracting(Stage::name).containsExactly("dev", "prod");
        assertThat(upgrade.stages().get(0).soak()).isEqualTo(Duration.ofHours(24));
        assertThat(upgrade.stages().get(1).maxConcurrent()).contains(MaxConcurrent.clusters(2));
    }

    @Test
    @DisplayName("a target by channel keeps its channel and constraint")
    void channelTarget() {
        UpgradeTarget target = UpgradeTarget.channel("stable", VersionConstraint.parse("~20.1"));

        assertThat(target).isInstanceOfSatisfying(UpgradeTarget.Channel.class, c -> {
            assertThat(c.channel()).isEqualTo("stable");
            assertThat(c.constraint()).contains(VersionConstraint.parse("~20.1"));
        });
        assertThat(UpgradeTarget.channel("stable").constraint()).isEmpty();
        assertThat(UpgradeTarget.release("v20.1.0").version()).isEqualTo(Version.of(20, 1, 0));
        assertThatThrownBy(() -> UpgradeTarget.channel(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("an upgrade needs a name, a matcher, a target and a positive expected duration")
    void requiredParts() {
        assertThatThrownBy(() -> ClusterUpgrade.builder(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ClusterUpgrade.builder("u").release("20.1.0").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("spec.matchers");
        assertThatThrownBy(() -> ClusterUpgrade.builder("u").matcher(DEV).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("spec.release or spec.target");
        assertThatThrownBy(() -> ClusterUpgrade.builder("u").expectedDuration(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> ClusterUpgrade.builder("u").expectedDuration(Duration.ofMinutes(-5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ClusterUpgrade("u", List.of(), UpgradeTarget.release("1.0.0"), Optional.empty(),
                Duration.ofHours(1), WindowPolicy.START_WITHIN, StrategyPreference.ROLLING, List.of(),
                SourceLocation.of("x"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("two stages with one name are rejected, by the builder and by the constructor")
    void stageNamesAreUnique() {
        ClusterUpgrade.Builder b = ClusterUpgrade.builder("u").matcher(DEV).release("20.1.0")
                .stage(Stage.of("dev", DEV));
        assertThatThrownBy(() -> b.stage(Stage.of("dev", PROD)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two stages named dev");
        assertThatThrownBy(() -> new ClusterUpgrade("u", List.of(DEV), UpgradeTarget.release("1.0.0"), Optional.empty(),
                Duration.ofHours(1), WindowPolicy.START_WITHIN, StrategyPreference.ROLLING,
                List.of(Stage.of("dev", DEV), Stage.of("dev", PROD)), SourceLocation.of("x")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("lists are copied and read-only; toBuilder rebuilds an equal upgrade")
    void copiesAndRoundTrips() {
        List<ClusterMatcher> matchers = new ArrayList<>(List.of(DEV));
        ClusterUpgrade upgrade = new ClusterUpgrade("u", matchers, UpgradeTarget.channel("stable"),
                Optional.of(Instant.EPOCH), Duration.ofHours(2), WindowPolicy.PAUSE_AND_RESUME,
                StrategyPreference.IN_PLACE, List.of(Stage.of("all", DEV)), SourceLocation.of("x"));
        matchers.add(PROD);

        assertThat(upgrade.matchers()).containsExactly(DEV);
        assertThatThrownBy(() -> upgrade.stages().add(Stage.of("more", PROD)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(upgrade.toBuilder().build()).isEqualTo(upgrade);
        assertThat(upgrade.toBuilder().strategy(StrategyPreference.EXTERNAL).build().strategy())
                .isEqualTo(StrategyPreference.EXTERNAL);
    }

    @Test
    @DisplayName("matcher factories say what they select; a blank key or name is rejected")
    void matchers() {
        assertThat(ClusterMatcher.clusterId("mgab6"))
                .isEqualTo(new ClusterMatcher(Optional.empty(), Optional.empty(), "mgab6", false));
        assertThat(ClusterMatcher.clusterIdRegex("prod-.*").isRegex()).isTrue();
        assertThat(ClusterMatcher.label("stage", "dev"))
                .isEqualTo(new ClusterMatcher(Optional.empty(), Optional.of("stage"), "dev", false));
        assertThat(ClusterMatcher.labelRegex("stage", "dev|test").withName("dev"))
                .isEqualTo(new ClusterMatcher(Optional.of("dev"), Optional.of("stage"), "dev|test", true));
        assertThat(ClusterMatcher.labelRegex("stage", "dev|test").withName("dev"))
                .hasToString("dev: label stage ~ dev|test");
        assertThat(ClusterMatcher.clusterId("mgab6")).hasToString("id = mgab6");
        assertThatThrownBy(() -> ClusterMatcher.label(" ", "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cluster id");
        assertThatThrownBy(() -> ClusterMatcher.label("k", "v").withName(""))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a stage has no soak, no concurrency limit and no tolerated failure unless told otherwise")
    void stageDefaults() {
        Stage stage = Stage.of("dev", DEV, PROD);

        assertThat(stage.matchers()).containsExactly(DEV, PROD);
        assertThat(stage.soak()).isEqualTo(Duration.ZERO);
        assertThat(stage.maxConcurrent()).isEmpty();
        assertThat(stage.maxFailures()).isZero();
        assertThat(stage.withMaxFailures(2).withMaxConcurrent(MaxConcurrent.percent(25)))
                .isEqualTo(new Stage("dev", List.of(DEV, PROD), Duration.ZERO,
                        Optional.of(MaxConcurrent.percent(25)), 2));
    }

    @Test
    @DisplayName("a stage rejects a blank name, no matcher, a negative soak and a negative failure budget")
    void stageValidates() {
        assertThatThrownBy(() -> Stage.of(" ", DEV)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stage.of("dev")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one matcher");
        assertThatThrownBy(() -> Stage.of("dev", DEV).withSoak(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stage.of("dev", DEV).withMaxFailures(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("maxConcurrent takes any count from 1 and any percentage from 1 to 100, and nothing else")
    void maxConcurrentRanges() {
        qt().forAll(integers().between(-1000, 1000)).checkAssert(n -> {
            if (n >= 1) {
                assertThat(MaxConcurrent.clusters(n).count()).isEqualTo(n);
                assertThat(MaxConcurrent.clusters(n)).hasToString(Integer.toString(n));
            } else {
                assertThatThrownBy(() -> MaxConcurrent.clusters(n)).isInstanceOf(IllegalArgumentException.class);
            }
            if (n >= 1 && n <= 100) {
                assertThat(MaxConcurrent.percent(n).percent()).isEqualTo(n);
                assertThat(MaxConcurrent.percent(n)).hasToString(n + "%");
            } else {
                assertThatThrownBy(() -> MaxConcurrent.percent(n)).isInstanceOf(IllegalArgumentException.class);
            }
        });
    }
}

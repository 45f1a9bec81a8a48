package dev.upshift.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Invariants of selection over random fleets and matchers (seeded, so a failure names its fleet). */
class SelectionPropertiesTest {
    private static final String[] KEYS = {"stage", "region", "team"};
    private static final String[] VALUES = {"dev", "test", "prod", "eu", "us", "devops", ""};
    private static final String[] REGEXES = {"dev|test", "d.*", "[a-p]+", "e?u", ".*", "(dev|prod)(ops)?", "te[s]t",
        "[^d].*", "x*", "a-.", "p.o.*"};
    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(
            List.of(Release.builder("2.0.0").component("kubernetes", "1.30.0").build()));

    private static ManagedCluster cluster(Random r, int i) {
        ManagedCluster.Builder b = ManagedCluster.builder("a-" + (char) ('a' + r.nextInt(4)) + i)
                .infrastructure("aws").release("1.0.0");
        for (String key : KEYS) {
            if (r.nextInt(3) > 0) {
                b.label(key, VALUES[r.nextInt(VALUES.length)]);
            }
        }
        return b.build();
    }

    private static List<ManagedCluster> fleet(Random r, int size) {
        List<ManagedCluster> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            out.add(cluster(r, i));
        }
        return out;
    }

    private static ClusterMatcher matcher(Random r) {
        Optional<String> key = r.nextInt(4) == 0 ? Optional.empty() : Optional.of(KEYS[r.nextInt(KEYS.length)]);
        boolean regex = r.nextBoolean();
        String value = regex ? REGEXES[r.nextInt(REGEXES.length)]
                : key.isEmpty() ? "a-" + (char) ('a' + r.nextInt(4)) + r.nextInt(6) : VALUES[r.nextInt(VALUES.length)];
        return new ClusterMatcher(Optional.empty(), key, value, regex);
    }

    private static List<ClusterMatcher> matchers(Random r, int max) {
        List<ClusterMatcher> out = new ArrayList<>();
        int n = 1 + r.nextInt(max);
        for (int i = 0; i < n; i++) {
            out.add(matcher(r));
        }
        return out;
    }

    /** Seed 001's rule written out again, on the JDK's regular expressions (they agree with RE2 on these). */
    private static boolean oracle(ClusterMatcher m, ManagedCluster c) {
        String text = m.key().isEmpty() ? c.id() : c.labels().get(m.key().get());
        if (text == null) {
            return false;
        }
        return m.isRegex() ? java.util.regex.Pattern.compile(m.value()).matcher(text).matches() : m.value().equals(text);
    }

    @Test
    @DisplayName("a selection is the union of its matchers, each matching as an independent implementation says")
    void selectionIsTheUnionOfMatchers() {
        qt().withExamples(300).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<ManagedCluster> fleet = fleet(r, 1 + r.nextInt(20));
            List<ClusterMatcher> ms = matchers(r, 4);
            ClusterSelector all = ClusterSelector.of(ms);
            for (ManagedCluster c : fleet) {
                boolean any = false;
                for (ClusterMatcher m : ms) {
                    boolean one = ClusterSelector.of(m).selects(c);
                    assertThat(one).as("%s on %s %s", m, c.id(), c.labels()).isEqualTo(oracle(m, c));
                    any |= one;
                }
                assertThat(all.selects(c)).isEqualTo(any);
            }
        });
    }

    @Test
    @DisplayName("adding a cluster never changes whether, or in which stage, another cluster is selected")
    void addingAClusterChangesNoOtherSelection() {
        qt().withExamples(300).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<ManagedCluster> fleet = fleet(r, r.nextInt(15));
            ClusterUpgrade.Builder b = ClusterUpgrade.builder("u").matchers(matchers(r, 3)).release("2.0.0");
            int stages = r.nextInt(4);
            for (int i = 0; i < stages; i++) {
                b.stage(Stage.of("s" + i, matchers(r, 2)));
            }
            ClusterUpgrade upgrade = b.build();
            UpgradeSelection before = UpgradeSelection.select(upgrade, fleet, CATALOG);
            List<ManagedCluster> more = new ArrayList<>(fleet);
            ManagedCluster added = cluster(r, 99);
            more.add(r.nextInt(more.size() + 1), added);
            UpgradeSelection after = UpgradeSelection.select(upgrade, more, CATALOG);
            for (ManagedCluster c : fleet) {
                assertThat(after.clusters().contains(c)).isEqualTo(before.clusters().contains(c));
                assertThat(after.stageOf(c.id()).map(StageSelection::name))
                        .isEqualTo(before.stageOf(c.id()).map(StageSelection::name));
                assertThat(after.unstaged().contains(c)).isEqualTo(before.unstaged().contains(c));
            }
            assertThat(stagesAreAPartition(after)).isTrue();
        });
    }

    @Test
    @DisplayName("selecting several upgrades at once gives each the clusters and stages an independent reading of the rules gives")
    void fleetSelectionMatchesTheRulesForEveryUpgrade() {
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<ManagedCluster> fleet = fleet(r, r.nextInt(25));
            List<ClusterUpgrade> upgrades = new ArrayList<>();
            int count = 1 + r.nextInt(5);
            for (int u = 0; u < count; u++) {
                ClusterUpgrade.Builder b = ClusterUpgrade.builder("u" + u).matchers(matchers(r, 3)).release("2.0.0");
                int stages = r.nextInt(4);
                for (int i = 0; i < stages; i++) {
                    b.stage(Stage.of("s" + i, matchers(r, 2)));
                }
                upgrades.add(b.build());
            }
            FleetSelection selection = FleetSelection.of(fleet, upgrades, CATALOG);
            for (ClusterUpgrade upgrade : upgrades) {
                UpgradeSelection s = selection.upgrade(upgrade.name()).orElseThrow();
                List<ManagedCluster> expected = fleet.stream()
                        .filter(c -> upgrade.matchers().stream().anyMatch(m -> oracle(m, c))).toList();
                assertThat(s.clusters()).as("upgrade %s", upgrade.name()).isEqualTo(expected);
                for (ManagedCluster c : expected) {
                    List<String> in = upgrade.stages().stream()
                            .filter(st -> st.matchers().stream().anyMatch(m -> oracle(m, c))).map(Stage::name).toList();
                    Optional<String> stage = upgrade.stages().isEmpty() ? Optional.of(UpgradeSelection.IMPLICIT_STAGE)
                            : in.size() == 1 ? Optional.of(in.get(0)) : Optional.empty();
                    assertThat(s.stageOf(c.id()).map(StageSelection::name)).as("%s in %s", c.id(), upgrade.name())
                            .isEqualTo(stage);
                    assertThat(s.unstaged().contains(c)).isEqualTo(!upgrade.stages().isEmpty() && in.isEmpty());
                    assertThat(s.overlaps().stream().anyMatch(o -> o.cluster().equals(c))).isEqualTo(in.size() > 1);
                }
                assertThat(selection.claims("nobody")).isEmpty();
            }
            for (ManagedCluster c : fleet) {
                List<String> claimedBy = upgrades.stream()
                        .filter(u -> u.matchers().stream().anyMatch(m -> oracle(m, c))).map(ClusterUpgrade::name).toList();
                assertThat(selection.claims(c.id()).stream().map(UpgradeSelection::name).toList()).isEqualTo(claimedBy);
            }
        });
    }

    private static boolean stagesAreAPartition(UpgradeSelection s) {
        int staged = 0;
        for (StageSelection stage : s.stages()) {
            staged += stage.clusters().size();
        }
        return staged + s.overlaps().size() + s.unstaged().size() == s.clusters().size();
    }

    @Test
    @DisplayName("selection depends on labels and id alone, not on the order of labels or of the fleet")
    void orderDoesNotMatter() {
        qt().withExamples(100).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<ManagedCluster> fleet = fleet(r, 10);
            ClusterSelector s = ClusterSelector.of(matchers(r, 3));
            List<ManagedCluster> reversed = new ArrayList<>(fleet);
            java.util.Collections.reverse(reversed);
            for (ManagedCluster c : reversed) {
                assertThat(s.selects(c.id(), Map.copyOf(c.labels()))).isEqualTo(s.selects(c));
            }
        });
    }
}

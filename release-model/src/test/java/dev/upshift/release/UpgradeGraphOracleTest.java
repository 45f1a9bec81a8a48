package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The graph finds hops among candidates narrowed by version ranges and kubernetes minors, and
 * searches only as far as a query needs. Its oracle ({@link AllPairsUpgradeGraph}) shares none of
 * its code: it decides every pair of releases by docs/releases.md's five rules itself, stores every
 * edge and searches them all. On small random catalogs, under several skew policies, both must give
 * the same edges and the same path for every query, asked in random order; where there is no path,
 * the graph's explanation must mean what the oracle derives (which hops are refused, from which
 * frontier, by which rule, and which release bridges the gap), read from its cuts and sentences.
 */
class UpgradeGraphOracleTest {
    private static final String[] CONSTRAINTS = {null, null, null, ">=%s", ">=%s <%s", "~%s", "^%s", "%s - %s",
        ">%s || =%s", "<%s || >%s", ">=%s !=%s", ">%s-rc.1", "%s", "!=%s", ">=%s <=%s || >=%s-0"};

    /** A skew policy of this test's own: the etcd minor moves at most one per hop. */
    private static final SkewPolicy ETCD_ONE_MINOR = new SkewPolicy() {
        @Override
        public boolean allows(Release from, Release to) {
            Version a = from.component("etcd").orElse(null);
            Version b = to.component("etcd").orElse(null);
            return a != null && b != null && Math.abs(b.minor() - a.minor()) <= 1;
        }

        @Override
        public String reason(Release from, Release to) {
            return "etcd moves more than one minor";
        }
    };

    private static final List<SkewPolicy> POLICIES = List.of(SkewPolicy.kubernetes(), SkewPolicy.none(),
            SkewPolicy.kubernetes().and(ETCD_ONE_MINOR), ETCD_ONE_MINOR.and(SkewPolicy.kubernetes()), ETCD_ONE_MINOR);

    static ReleaseCatalog randomCatalog(Random r, int size) {
        Map<Version, Release> releases = new HashMap<>();
        List<Version> made = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String pre = r.nextInt(8) == 0 ? "-rc." + r.nextInt(3) : "";
            Version v = Version.parse((1 + r.nextInt(3)) + "." + r.nextInt(4) + "." + r.nextInt(4) + pre);
            if (releases.containsKey(v)) {
                continue;
            }
            Release.Builder b = Release.builder(v).component("etcd", "3." + r.nextInt(4) + "." + r.nextInt(10));
            // every release names kubernetes (Release.builder enforces it, as the document reader does)
            b.component("kubernetes", (r.nextInt(20) == 0 ? "2." : "1.") + (24 + r.nextInt(5)) + "." + r.nextInt(4));
            if (r.nextInt(10) == 0) {
                b.state(ReleaseState.WITHDRAWN);
            }
            if (!made.isEmpty()) {
                String template = CONSTRAINTS[r.nextInt(CONSTRAINTS.length)];
                if (template != null) {
                    Version x = made.get(r.nextInt(made.size()));
                    Version y = made.get(r.nextInt(made.size()));
                    Version lo = x.compareTo(y) <= 0 ? x : y;
                    Version hi = x.compareTo(y) <= 0 ? y : x;
                    String text = String.format(template, core(lo), core(hi), core(hi));
                    VersionConstraint.tryParse(text).ifPresent(b::upgradesFrom);
                }
            }
            if (r.nextInt(4) == 0) {
                b.componentUpgradesFrom("etcd", ">=3." + r.nextInt(3));
            }
            releases.put(v, b.build());
            made.add(v);
        }
        return ReleaseCatalog.of(releases.values());
    }

    private static String core(Version v) {
        return v.major() + "." + v.minor() + "." + v.patch();
    }

    @Test
    void findsExactlyTheEdgesThatCheckingEveryPairFinds() {
        qt().withExamples(300).forAll(longs().all(), integers().between(1, 40)).checkAssert((seed, size) -> {
            ReleaseCatalog catalog = randomCatalog(new Random(seed), size);
            for (SkewPolicy policy : POLICIES) {
                UpgradeGraph graph = UpgradeGraph.builder(catalog).skewPolicy(policy).build();
                AllPairsUpgradeGraph oracle = new AllPairsUpgradeGraph(catalog, policy, 3);
                String where = "seed " + seed + ", size " + size + ", " + policy;
                assertThat(graph.edgeCount()).as(where).isEqualTo(oracle.edgeCount());
                for (Release a : catalog.releases()) {
                    assertThat(graph.successors(a)).as(where + ", from " + a).isEqualTo(oracle.successors(a));
                }
            }
        });
    }

    @Test
    void answersEveryPathQueryAsTheAllPairsGraphDoes() {
        qt().withExamples(100).forAll(longs().all(), integers().between(1, 40)).checkAssert((seed, size) -> {
            ReleaseCatalog catalog = randomCatalog(new Random(seed), size);
            List<Release> all = catalog.releases();
            List<Release[]> pairs = new ArrayList<>();
            for (Release a : all) {
                for (Release b : all) {
                    pairs.add(new Release[] {a, b});
                }
            }
            Collections.shuffle(pairs, new Random(seed ^ 0x9E3779B97F4A7C15L));
            for (SkewPolicy policy : POLICIES) {
                int workerSkew = new Random(seed).nextInt(4);
                UpgradeGraph graph = UpgradeGraph.builder(catalog).skewPolicy(policy).workerSkew(workerSkew).build();
                AllPairsUpgradeGraph oracle = new AllPairsUpgradeGraph(catalog, policy, workerSkew);
                for (Release[] p : pairs) {
                    String where = String.format("seed %d, size %d, %s: %s → %s", seed, size, policy, p[0], p[1]);
                    PathResult actual = graph.path(p[0].version(), p[1].version());
                    AllPairsUpgradeGraph.Expected expected = oracle.path(p[0].version(), p[1].version());
                    if (expected instanceof AllPairsUpgradeGraph.Found found) {
                        assertThat(actual).as(where).isEqualTo(found.path());
                    } else {
                        assertThat(actual).as(where).isInstanceOf(NoPath.class);
                        assertMeans((NoPath) actual, (AllPairsUpgradeGraph.Missing) expected, where);
                    }
                }
            }
        });
    }

    /**
     * The explanation means what the oracle derived: the same refused hops, by the same rules, in
     * the same order; each cut's sentence names its versions, its component, and who stands at the
     * frontier (docs/releases.md's examples); the reason is the deciding cut's sentence, followed by
     * the bridge when one is not the target.
     */
    private static void assertMeans(NoPath actual, AllPairsUpgradeGraph.Missing expected, String where) {
        assertThat(actual.from()).as(where).isEqualTo(expected.from());
        assertThat(actual.to()).as(where).isEqualTo(expected.to());
        assertThat(actual.cuts()).as(where).extracting(Cut::from, Cut::to, Cut::rule)
                .containsExactlyElementsOf(expected.refusals().stream()
                        .map(r -> org.assertj.core.groups.Tuple.tuple(r.from(), r.to(), r.rule())).toList());
        String subject = expected.frontier().version().equals(expected.from()) ? "the cluster runs " + expected.from()
                : "the newest release reachable from " + expected.from() + " is " + expected.frontier().version();
        for (int i = 0; i < actual.cuts().size(); i++) {
            Cut cut = actual.cuts().get(i);
            AllPairsUpgradeGraph.Refusal refusal = expected.refusals().get(i);
            assertThat(cut.message()).as(where).contains(cut.to().toString());
            if (cut.rule() != Cut.Rule.WITHDRAWN) {
                assertThat(cut.message()).as(where).contains(cut.from().toString());
            }
            refusal.component().ifPresent(c -> assertThat(cut.message()).as(where).startsWith(c + " "));
            if (cut.rule() == Cut.Rule.UPGRADES_FROM || cut.rule() == Cut.Rule.COMPONENT_UPGRADES_FROM) {
                assertThat(cut.message()).as(where).contains(" but " + subject);
            }
        }
        String bridge = expected.bridge().map(b -> "; " + b + " is the oldest release that leads on to " + expected.to())
                .orElse("");
        assertThat(actual.reason()).as(where).isEqualTo(actual.cuts().get(0).message() + bridge);
        assertThat(actual.rule()).as(where).contains(expected.refusals().get(0).rule());
    }
}

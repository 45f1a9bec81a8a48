package dev.upshift.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.ReleaseState;
import dev.upshift.release.Version;
import dev.upshift.release.VersionConstraint;
import dev.upshift.spi.UpgradeTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** An explicit release, or the newest non-withdrawn release of a channel that satisfies a constraint. */
class TargetsTest {
    private static Release release(String version, ReleaseState state, String... channels) {
        Release.Builder b = Release.builder(version).component("kubernetes", "1.29.0").state(state);
        for (String c : channels) {
            b.channel(c);
        }
        return b.build();
    }

    private static final ReleaseCatalog CATALOG = ReleaseCatalog.of(List.of(
            release("19.3.1", ReleaseState.ACTIVE, "stable"),
            release("20.0.0", ReleaseState.ACTIVE, "stable", "rapid"),
            release("20.1.0", ReleaseState.ACTIVE, "stable", "rapid"),
            release("20.1.1", ReleaseState.WITHDRAWN, "stable", "rapid"),
            release("20.2.0-rc.1", ReleaseState.ACTIVE, "rapid"),
            release("21.0.0", ReleaseState.DEPRECATED, "rapid")));

    private static String resolved(UpgradeTarget target) {
        return Targets.resolve(target, CATALOG).toString();
    }

    @Test
    @DisplayName("an explicit release is itself, unless unknown or withdrawn")
    void explicitReleases() {
        assertThat(Targets.resolve(UpgradeTarget.release("v20.1.0"), CATALOG))
                .isInstanceOfSatisfying(ResolvedTarget.Found.class, f -> assertThat(f.release().version())
                        .isEqualTo(Version.parse("20.1.0")));
        assertThat(Targets.resolve(UpgradeTarget.release("20.1.0+build.7"), CATALOG))
                .as("build metadata is ignored").isInstanceOf(ResolvedTarget.Found.class);
        assertThat(Targets.resolve(UpgradeTarget.release("20.1.9"), CATALOG))
                .isEqualTo(new ResolvedTarget.Unresolved(UpgradeTarget.release("20.1.9"),
                        ResolvedTarget.Why.UNKNOWN_RELEASE, "unknown release '20.1.9'; did you mean '20.1.1'?"));
        assertThat(resolved(UpgradeTarget.release("7.0.0")))
                .isEqualTo("unknown release '7.0.0'; the catalog has no release of that version");
        assertThat(Targets.resolve(UpgradeTarget.release("20.1.1"), CATALOG))
                .isEqualTo(new ResolvedTarget.Unresolved(UpgradeTarget.release("20.1.1"), ResolvedTarget.Why.WITHDRAWN,
                        "release 20.1.1 is withdrawn and is never a target"));
    }

    @Test
    @DisplayName("a channel is its newest non-withdrawn release; a constraint narrows it; prereleases only when asked")
    void channels() {
        assertThat(resolved(UpgradeTarget.channel("stable"))).isEqualTo("20.1.0");
        assertThat(resolved(UpgradeTarget.channel("stable", VersionConstraint.parse("~20.0")))).isEqualTo("20.0.0");
        assertThat(resolved(UpgradeTarget.channel("rapid"))).as("deprecated is still a target").isEqualTo("21.0.0");
        assertThat(resolved(UpgradeTarget.channel("rapid", VersionConstraint.parse("<21")))).isEqualTo("20.1.0");
        assertThat(resolved(UpgradeTarget.channel("rapid", VersionConstraint.parse(">=20.2.0-0 <21"))))
                .isEqualTo("20.2.0-rc.1");
        assertThat(Targets.resolve(UpgradeTarget.channel("stabel"), CATALOG))
                .isInstanceOfSatisfying(ResolvedTarget.Unresolved.class, u -> {
                    assertThat(u.why()).isEqualTo(ResolvedTarget.Why.UNKNOWN_CHANNEL);
                    assertThat(u.message()).isEqualTo("no release is published in channel 'stabel'; did you mean 'stable'?");
                });
        assertThat(resolved(UpgradeTarget.channel("lts")))
                .isEqualTo("no release is published in channel 'lts'; known channels: rapid, stable");
        assertThat(Targets.resolve(UpgradeTarget.channel("stable", VersionConstraint.parse("~22.0")), CATALOG))
                .isInstanceOfSatisfying(ResolvedTarget.Unresolved.class, u -> {
                    assertThat(u.why()).isEqualTo(ResolvedTarget.Why.NONE_SATISFIES);
                    assertThat(u.message()).isEqualTo("no release of channel 'stable' that is not withdrawn satisfies"
                            + " \"~22.0.x\" yet");
                });
        ReleaseCatalog gone = ReleaseCatalog.of(List.of(release("1.0.0", ReleaseState.WITHDRAWN, "old")));
        assertThat(Targets.resolve(UpgradeTarget.channel("old"), gone).toString())
                .isEqualTo("every release of channel 'old' is withdrawn");
        assertThat(Targets.channels(CATALOG)).containsExactly("rapid", "stable");
    }

    @Test
    @DisplayName("channel resolution agrees with a brute-force search over random catalogs")
    void channelResolutionAgreesWithBruteForce() {
        String[] constraints = {null, "~1.1", "^1.0", ">=1.2.0 <2", "1.x", ">0.0.0-0", "<1.1 || >=2.1"};
        String[] channelNames = {"stable", "rapid", "lts"};
        qt().withExamples(300).forAll(longs().all(), integers().between(1, 30)).checkAssert((seed, size) -> {
            Random r = new Random(seed);
            Map<Version, Release> releases = new HashMap<>();
            for (int i = 0; i < size; i++) {
                Version v = Version.parse(r.nextInt(3) + "." + r.nextInt(4) + "." + r.nextInt(3)
                        + (r.nextInt(6) == 0 ? "-rc." + r.nextInt(3) : ""));
                Release.Builder b = Release.builder(v).component("kubernetes", "1.29.0")
                        .state(ReleaseState.values()[r.nextInt(ReleaseState.values().length)]);
                for (String c : channelNames) {
                    if (r.nextBoolean()) {
                        b.channel(c);
                    }
                }
                releases.putIfAbsent(v, b.build());
            }
            ReleaseCatalog catalog = ReleaseCatalog.of(releases.values());
            String channel = channelNames[r.nextInt(channelNames.length)];
            String text = constraints[r.nextInt(constraints.length)];
            Optional<VersionConstraint> constraint = Optional.ofNullable(text).map(VersionConstraint::parse);
            UpgradeTarget target = constraint.map(c -> (UpgradeTarget) UpgradeTarget.channel(channel, c))
                    .orElse(UpgradeTarget.channel(channel));

            Release best = null;
            for (Release rel : new ArrayList<>(releases.values())) {
                boolean qualifies = rel.channels().contains(channel) && rel.state() != ReleaseState.WITHDRAWN
                        && constraint.map(c -> c.matches(rel.version())).orElse(true);
                if (qualifies && (best == null || Version.PRECEDENCE.compare(rel.version(), best.version()) > 0)) {
                    best = rel;
                }
            }
            ResolvedTarget got = Targets.resolve(target, catalog);
            if (best == null) {
                assertThat(got).isInstanceOf(ResolvedTarget.Unresolved.class);
            } else {
                Version expected = best.version();
                assertThat(got).isInstanceOfSatisfying(ResolvedTarget.Found.class,
                        f -> assertThat(f.release().version()).isEqualTo(expected));
            }
        });
    }
}

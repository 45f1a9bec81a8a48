package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReleaseCatalogReadingTest {
    private final Problems problems = new Problems();

    private ReleaseCatalog read(String... files) {
        List<SourceDocument> docs = new ArrayList<>();
        for (int i = 0; i < files.length; i++) {
            docs.addAll(DocumentLoader.create().load("r" + i + ".yaml", files[i]));
        }
        return ReleaseCatalog.read(docs, problems);
    }

    private List<String> messages() {
        return problems.all().stream().map(Problem::toString).toList();
    }

    private static String release(String name, String spec) {
        return "apiVersion: upshift.dev/v1alpha1\nkind: Release\nmetadata:\n  name: \"" + name + "\"\nspec:\n" + spec;
    }

    @Test
    void readsEveryFieldOfARelease() {
        ReleaseCatalog c = read(release("20.1.0", """
                  state: deprecated
                  endOfLife: 2027-06-30
                  channels: [stable, rapid]
                  components: {kubernetes: v1.29.4, etcd: 3.5.12, containerd: 1.7.13}
                  upgradesFrom: ">=19.2.0 <20.1.0"
                  componentUpgradesFrom: {etcd: ">=3.5.0"}
                  defaults:
                    - match: {kind: KubeadmControlPlane}
                      values: {spec: {version: v1.29.4}}
                  fieldRules:
                    - path: spec.replicas
                      ignore: true
                """));
        assertThat(messages()).isEmpty();
        Release r = c.get("20.1.0").orElseThrow();
        assertThat(r.state()).isEqualTo(ReleaseState.DEPRECATED);
        assertThat(r.endOfLife()).contains(LocalDate.of(2027, 6, 30));
        assertThat(r.channels()).containsExactly("stable", "rapid");
        assertThat(r.kubernetes()).contains(Version.parse("1.29.4"));
        assertThat(r.components()).containsOnlyKeys("containerd", "etcd", "kubernetes");
        assertThat(r.upgradesFrom().orElseThrow().matches(Version.parse("19.3.1"))).isTrue();
        assertThat(r.componentUpgradesFrom()).containsOnlyKeys("etcd");
        assertThat(r.defaults().rules()).hasSize(1);
        assertThat(r.fieldRules().rules()).hasSize(1);
        assertThat(r.location()).hasToString("r0.yaml:1:1");
    }

    @Test
    void reportsEveryProblemOfAFileAtOnceWithItsPosition() {
        read(release("20.x", """
                  state: retired
                  components: {kubernetes: 1.29.4, etcd: 3.5.x12}
                  upgradesFrom: ">=19.2 <<20"
                  componentUpgradesFrom: {cni: ">=1.0"}
                  endOfLife: next year
                  chanels: [stable]
                """));
        assertThat(messages()).hasSize(7);
        assertThat(messages().get(0)).startsWith("r0.yaml:4:9: metadata.name: a release is named by its version: ");
        assertThat(messages()).anySatisfy(m -> assertThat(m).startsWith("r0.yaml:6:10: spec.state: unknown value 'retired'; expected one of: active, deprecated, withdrawn"));
        assertThat(messages()).anySatisfy(m -> assertThat(m).startsWith("r0.yaml:7:42: spec.components.etcd: "));
        assertThat(messages()).anySatisfy(m -> assertThat(m).startsWith("r0.yaml:8:17: spec.upgradesFrom: "));
        assertThat(messages()).contains("r0.yaml:9:32: spec.componentUpgradesFrom.cni: no component named 'cni' in spec.components");
        assertThat(messages()).contains("r0.yaml:10:14: spec.endOfLife: invalid date \"next year\": expected YYYY-MM-DD");
        assertThat(messages()).contains("r0.yaml:11:3: spec.chanels: unknown field; did you mean 'channels'?");
    }

    @Test
    void checksDefaultsAndFieldRulesWithTheDiffModulesReaders() {
        read(release("1.0.0", """
                  components: {kubernetes: 1.29.4}
                  defaults:
                    - match: {kind: KubeadmControlPlane}
                      valuez: {}
                  fieldRules:
                    - path: spec..version
                    - path: spec.version
                      onConflict: sometimes
                """));
        assertThat(messages()).containsExactly(
                "r0.yaml:8:7: spec.defaults[0].values: missing required field",
                "r0.yaml:9:7: spec.defaults[0].valuez: unknown field; did you mean 'values'?",
                "r0.yaml:11:13: spec.fieldRules[0].path: invalid path pattern \"spec..version\": expected a field name at character 6",
                "r0.yaml:11:7: spec.fieldRules[0]: the rule sets nothing; give at least one of onConflict, mutable, impact,"
                        + " listKeys, listType, ignore, sensitive",
                "r0.yaml:13:19: spec.fieldRules[1].onConflict: unknown value 'sometimes'; expected one of: overwrite, keep, fail");
    }

    @Test
    void requiresComponentsWithAKubernetesVersion() {
        read(release("1.0.0", "  components: {etcd: 3.5.1}\n"), release("1.0.1", "  state: active\n"));
        assertThat(messages()).containsExactly(
                "r0.yaml:6:15: spec.components: a release must name its kubernetes version (components.kubernetes)",
                "r1.yaml:6:3: spec.components: missing required field (component name to version, e.g. {kubernetes: 1.29.4})");
    }

    @Test
    void rejectsAnUpgradesFromThatAcceptsNothing() {
        read(release("2.0.0", "  components: {kubernetes: 1.29.4}\n  upgradesFrom: \">2 <1\"\n"));
        assertThat(messages()).hasSize(1);
        assertThat(messages().get(0)).startsWith("r0.yaml:7:17: spec.upgradesFrom: constraint ").endsWith(" accepts no version at all");
    }

    @Test
    void rejectsTheSameReleaseDefinedTwiceNamingBothPlaces() {
        ReleaseCatalog c = read(release("1.0.0", "  components: {kubernetes: 1.29.4}\n"),
                release("v1.0", "  components: {kubernetes: 1.29.5}\n"));
        assertThat(messages()).containsExactly("r1.yaml:4:9: metadata.name: release 1.0.0 is defined twice (first at r0.yaml:1:1)");
        assertThat(c.size()).isEqualTo(1);
    }

    @Test
    void warnsAboutAReleaseNoOlderReleaseCanReach() {
        read(release("1.0.0", "  components: {kubernetes: 1.28.1}\n"),
                release("2.0.0", "  components: {kubernetes: 1.29.1}\n  upgradesFrom: \">=1.5.0\"\n"));
        assertThat(problems.hasErrors()).isFalse();
        assertThat(messages()).containsExactly("r1.yaml:1:1: warning: spec.upgradesFrom: \">=1.5.0\" accepts none of the 1 older"
                + " releases in the catalog: 2.0.0 can only be installed fresh");
    }

    @Test
    void ignoresOtherKindsAndFindsTheNewestInAChannel() {
        ReleaseCatalog c = read(
                release("1.0.0", "  channels: [stable]\n  components: {kubernetes: 1.28.1}\n"),
                release("1.1.0", "  channels: [stable]\n  state: withdrawn\n  components: {kubernetes: 1.28.2}\n"),
                release("1.2.0", "  channels: [rapid]\n  components: {kubernetes: 1.29.1}\n"),
                "apiVersion: upshift.dev/v1alpha1\nkind: MaintenanceSchedule\nmetadata: {name: x}\n");
        assertThat(messages()).isEmpty();
        assertThat(c.newest(java.util.Optional.of("stable"), java.util.Optional.empty())).map(Release::toString).contains("1.0.0");
        assertThat(c.newest(java.util.Optional.empty(), java.util.Optional.of(VersionConstraint.parse("~1.0")))).map(Release::toString).contains("1.0.0");
        assertThat(c.newest(java.util.Optional.empty(), java.util.Optional.empty())).map(Release::toString).contains("1.2.0");
    }
}

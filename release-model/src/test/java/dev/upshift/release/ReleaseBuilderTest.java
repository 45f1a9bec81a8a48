package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What building releases in Java checks, held against what reading Release documents checks. */
class ReleaseBuilderTest {

    @Test
    @DisplayName("a release without a kubernetes component is refused when built, as the document reader refuses it")
    void aReleaseWithoutKubernetesIsRefusedByTheBuilderAndTheReader() {
        assertThatThrownBy(() -> Release.builder("v1.0").component("etcd", "3.5.9").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("release v1.0: a release must name its kubernetes version (component(\"kubernetes\", ...))");

        Problems problems = new Problems();
        List<Release> read = Release.KIND.readAll(DocumentLoader.create().load("r.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: Release
                metadata: {name: "1.0.0"}
                spec:
                  components: {etcd: 3.5.9}
                """), problems);
        assertThat(read).isEmpty();
        assertThat(problems.all()).singleElement().asString().contains("kubernetes");
    }

    @Test
    @DisplayName("two releases of one version are named as they were written")
    void duplicateVersionsAreNamedAsWritten() {
        Release a = Release.builder("1.0").component("kubernetes", "1.29.4").build();
        Release b = Release.builder("v1.0.0").component("kubernetes", "1.29.4").build();
        assertThatThrownBy(() -> ReleaseCatalog.of(List.of(a, b)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two releases share version 1.0.0 (release 1.0 and release v1.0.0)");
    }

    @Test
    @DisplayName("the kubernetes skew policy checks the kubernetes component, so no hop lists it as unchecked")
    void theSkewPolicyChecksKubernetes() {
        ReleaseCatalog catalog = ReleaseCatalog.of(List.of(
                Release.builder("1.0.0").component("kubernetes", "1.28.4").component("etcd", "3.5.9").build(),
                Release.builder("1.1.0").component("kubernetes", "1.29.1").component("etcd", "3.5.12").build()));

        UpgradePath checked = (UpgradePath) UpgradeGraph.build(catalog).path(Version.parse("1.0.0"), Version.parse("1.1.0"));
        assertThat(checked.hops()).hasSize(1);
        assertThat(checked.hops().get(0).uncheckedComponents()).containsExactly("etcd");

        UpgradePath unchecked = (UpgradePath) UpgradeGraph.builder(catalog).skewPolicy(SkewPolicy.none()).build()
                .path(Version.parse("1.0.0"), Version.parse("1.1.0"));
        assertThat(unchecked.hops().get(0).uncheckedComponents()).containsExactly("etcd", "kubernetes");

        assertThat(SkewPolicy.kubernetes().checks("kubernetes")).isTrue();
        assertThat(SkewPolicy.kubernetes().checks("etcd")).isFalse();
        assertThat(SkewPolicy.none().and(SkewPolicy.kubernetes()).checks("kubernetes")).isTrue();
    }
}

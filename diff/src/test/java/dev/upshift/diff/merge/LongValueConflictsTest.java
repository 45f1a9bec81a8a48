package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.rule.FieldRules;
import dev.upshift.diff.testing.Yaml;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, item 5: conflict messages cut each value at 80 characters, so three long lists
 * ({@code args}, {@code files}, {@code rules}) printed the same prefix and hid the difference.
 */
class LongValueConflictsTest {
    private static final String ARGS = "[--cert-dir=/tmp, --kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname,"
            + " --kubelet-use-node-status-port, --metric-resolution=15s, --secure-port=4443]";

    private static String metricsServer(String args) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: metrics-server, namespace: kube-system}
                spec:
                  template:
                    spec:
                      containers:
                        - name: metrics-server
                          image: registry.k8s.io/metrics-server/metrics-server:v0.6.4
                          args: %s
                """.formatted(args);
    }

    private static FieldChange conflict(String base, String current, String target) {
        MergeResult r = ThreeWayMerge.withRules(FieldRules.none()).merge(Yaml.set(base), Yaml.set(current), Yaml.set(target));
        return r.blocked().get(0);
    }

    @Test
    @DisplayName("a long args list says what each side changed: the cluster added a flag, the release changed another")
    void longListsShowTheirDifferences() {
        FieldChange c = conflict(metricsServer(ARGS), metricsServer(ARGS.replace("]", ", --kubelet-insecure-tls]")),
                metricsServer(ARGS.replace("--secure-port=4443", "--secure-port=10250")));
        assertThat(c.path()).hasToString("spec.template.spec.containers[name=metrics-server].args");
        assertThat(c.message()).contains("; the cluster added --kubelet-insecure-tls; the new release changed"
                + " --secure-port=4443 to --secure-port=10250; onConflict: fail blocks the upgrade");
    }

    @Test
    @DisplayName("short values are shown whole, with nothing added")
    void shortValuesAreShownWhole() {
        FieldChange c = conflict(metricsServer("[--a]"), metricsServer("[--b]"), metricsServer("[--c]"));
        assertThat(c.message()).isEqualTo("conflict: the old release had [\"--a\"], the cluster has [\"--b\"],"
                + " the new release has [\"--c\"]; onConflict: fail blocks the upgrade");
    }

    @Test
    @DisplayName("long text says from which character on each side changed it")
    void longText() {
        String configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: n}\ndata: {config: \"%s\"}\n";
        String text = "x".repeat(90) + "-tail-a";
        FieldChange t = conflict(configMap.formatted(text), configMap.formatted(text.replace("tail-a", "tail-b")),
                configMap.formatted(text.replace("tail-a", "tail-c")));
        assertThat(t.message()).contains("; the cluster changed the text from character 97 on: \"a\" to \"b\"")
                .contains("; the new release changed the text from character 97 on: \"a\" to \"c\"");
    }

    @Test
    @DisplayName("long mappings name the keys each side changed, added or removed")
    void longMappings() {
        String thing = "apiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t, namespace: n}\nspec:\n  failureDomains: {%s}\n";
        String domains = String.join(", ", java.util.stream.IntStream.range(0, 6)
                .mapToObj(i -> "eu-central-1" + (char) ('a' + i) + ": {controlPlane: true}").toList());
        FieldRules keepWhole = FieldRules.of(dev.upshift.diff.rule.FieldRule.forPath("spec.failureDomains")
                .onConflict(dev.upshift.diff.rule.OnConflict.KEEP).build());
        MergeResult r = ThreeWayMerge.withRules(keepWhole).merge(Yaml.set(thing.formatted(domains)),
                Yaml.set(thing.formatted(domains.replace("1f: {controlPlane: true}", "1f: {controlPlane: false}"))),
                Yaml.set(thing.formatted(domains.replace(", eu-central-1f: {controlPlane: true}", "")
                        + ", eu-central-1g: {controlPlane: true}")));
        assertThat(r.conflicts()).singleElement().satisfies(c -> assertThat(c.message()).contains(
                "; the cluster changed eu-central-1f ({\"controlPlane\":true} to {\"controlPlane\":false});"
                        + " the new release added eu-central-1g: {\"controlPlane\":true} and removed eu-central-1f;"
                        + " onConflict: keep keeps the cluster's value"));
    }
}

package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffCommandTest {
    private static final String BASE = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            spec:
              replicas: 1
              template:
                spec:
                  containers:
                    - {name: web, image: "web:1.0"}
                    - {name: helper, image: "helper:1.0"}
            """;
    private static final String CURRENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop, uid: x-1, resourceVersion: "9"}
            spec:
              replicas: 5
              template:
                spec:
                  containers:
                    - {name: helper, image: "helper:1.0"}
                    - {name: web, image: "web:1.0"}
                    - {name: proxy, image: "proxy:2"}
            status: {readyReplicas: 5}
            """;
    private static final String TARGET = """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            spec:
              replicas: 1
              template:
                spec:
                  containers:
                    - {name: web, image: "web:1.1"}
            """;

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    private String file(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        return p.toString();
    }

    private String[] threeWay(String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("diff", "--base", file("base.yaml", BASE),
                "--current", file("current.yaml", CURRENT), "--target", file("target.yaml", TARGET)));
        args.addAll(Arrays.asList(more));
        return args.toArray(new String[0]);
    }

    @Test
    @DisplayName("--namespace gives rendered documents without one the cluster's namespace; without it the report says why nothing matches")
    void namespaceForRenderedDocuments() throws IOException {
        String base = file("base.yaml", BASE.replace("{name: web, namespace: shop}", "{name: web}"));
        String target = file("target.yaml", TARGET.replace("{name: web, namespace: shop}", "{name: web}"));
        String current = file("current.yaml", CURRENT);

        Run without = run("diff", "--base", base, "--current", current, "--target", target);
        assertThat(without.code()).isEqualTo(1);
        assertThat(without.out()).contains("""
                apps/v1/Deployment/web
                  note: the cluster has no such document, but has apps/v1/Deployment/shop/web: does the rendered \
                document lack metadata.namespace? Give the default namespace (upshift diff --namespace)
                """);
        assertThat(without.err()).as("named as in the report").contains("[apps/v1/Deployment/web]");

        Run with = run("diff", "--base", base, "--current", current, "--target", target, "--namespace", "shop");
        assertThat(with.code()).as(with.err()).isZero();
        assertThat(with.out()).isEqualTo(run(threeWay()).out());
    }

    @Test
    @DisplayName("prints the review report by default and exits 0 when nothing blocks")
    void reportByDefault() throws IOException {
        Run r = run(threeWay());
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).isEqualTo("""
                1 document changes; 1 customisation kept; 0 conflicts (0 blocking); highest impact: inPlace

                apps/v1/Deployment/shop/web
                  release changes
                    - spec.template.spec.containers[name=helper]: removed (was {"name":"helper","image":"helper:1.0"})  [inPlace]
                    ~ spec.template.spec.containers[name=web].image: "web:1.0" -> "web:1.1"  [inPlace]
                  kept customisations
                    = spec.replicas: 5 kept (both releases: 1)
                """);
    }

    @Test
    @DisplayName("--output yaml prints the merged documents, server noise stripped, in the cluster's key order")
    void yamlOutput() throws IOException {
        Run r = run(threeWay("--output", "yaml"));
        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo("""
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                  namespace: shop
                spec:
                  replicas: 5
                  template:
                    spec:
                      containers:
                      - name: web
                        image: web:1.1
                      - name: proxy
                        image: proxy:2
                """);
    }

    @Test
    @DisplayName("--output unified prints a diff of canonical YAML named kubectl-style")
    void unifiedOutput() throws IOException {
        Run r = run(threeWay("--output", "unified"));
        assertThat(r.out()).startsWith("--- current/apps/v1/Deployment/shop/web\n+++ merged/apps/v1/Deployment/shop/web\n@@ ")
                .contains("-      - image: helper:1.0\n-        name: helper\n")
                .contains("-      - image: web:1.0\n+      - image: web:1.1\n");
    }

    @Test
    @DisplayName("--output json-patch prints guarded RFC 6902 patches; json and merge-patch are JSON too")
    void jsonOutputs() throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode patches = json.readTree(run(threeWay("--output", "json-patch")).out());
        assertThat(patches.get(0).get("patch").toString()).isEqualTo("[{\"op\":\"test\",\"path\":"
                + "\"/spec/template/spec/containers/0/name\",\"value\":\"helper\"},{\"op\":\"remove\",\"path\":"
                + "\"/spec/template/spec/containers/0\"},{\"op\":\"test\",\"path\":\"/spec/template/spec/containers/0/name\","
                + "\"value\":\"web\"},{\"op\":\"replace\",\"path\":\"/spec/template/spec/containers/0/image\",\"value\":\"web:1.1\"}]");
        JsonNode result = json.readTree(run(threeWay("--output", "json")).out());
        assertThat(result.get("blocked").booleanValue()).isFalse();
        assertThat(result.get("changes")).hasSize(3);
        assertThat(result.at("/changes/0/reason").textValue()).isEqualTo("CUSTOMISATION_KEPT");
        JsonNode merge = json.readTree(run(threeWay("--output", "merge-patch")).out());
        assertThat(merge.at("/0/mergePatch/spec/template/spec/containers")).hasSize(2);
    }

    @Test
    @DisplayName("every rendering is the same bytes when run twice")
    void deterministic() throws IOException {
        for (String output : List.of("report", "unified", "json-patch", "merge-patch", "yaml", "json")) {
            assertThat(run(threeWay("--output", output)).out()).isEqualTo(run(threeWay("--output", output)).out());
        }
    }

    @Test
    @DisplayName("--explain-keys answers its own question: exit 0 when the merge is blocked, with a note saying so")
    void explainKeysOfABlockedMerge() throws IOException {
        Run r = run("diff", "--base", file("b.yaml", BASE), "--current", file("c.yaml", CURRENT.replace("web:1.0", "web:1.0-patched")),
                "--target", file("t.yaml", TARGET), "--explain-keys");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("apps/v1/Deployment/shop/web\n  spec.template.spec.containers: keyed by name");
        assertThat(r.err()).isEqualTo("upshift: note: the merge itself is blocked (1 field needs a decision);"
                + " run without --explain-keys to see it\n");
    }

    @Test
    @DisplayName("exits 1 when a conflict blocks, naming each field with its position on stderr, still printing the report")
    void blocked() throws IOException {
        Run r = run("diff", "--base", file("b.yaml", BASE), "--current", file("c.yaml", CURRENT.replace("web:1.0", "web:1.0-patched")),
                "--target", file("t.yaml", TARGET));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("conflicts\n    ! spec.template.spec.containers[name=web].image: BLOCKED");
        assertThat(r.err()).isEqualTo(dir.resolve("c.yaml") + ":10:30: spec.template.spec.containers[name=web].image:"
                + " conflict: the old release had \"web:1.0\", the cluster has \"web:1.0-patched\", the new release has"
                + " \"web:1.1\"; onConflict: fail blocks the upgrade [apps/v1/Deployment/shop/web]\n"
                + "upshift: the merge is blocked: 1 field needs a decision\n");
    }

    @Test
    @DisplayName("--rules reads a FieldRules document: overwrite lets the conflict through, immutable blocks")
    void rules() throws IOException {
        String rules = file("rules.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: FieldRules
                metadata: {name: web}
                spec:
                  fieldRules:
                    - path: spec.template.spec.containers[*].image
                      onConflict: overwrite
                      impact: rolling
                """);
        Run r = run("diff", "--base", file("b.yaml", BASE), "--current", file("c.yaml", CURRENT.replace("web:1.0", "web:1.0-patched")),
                "--target", file("t.yaml", TARGET), "--rules", rules);
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("highest impact: rolling");
        String immutable = file("immutable.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: FieldRules
                metadata: {name: web}
                spec:
                  fieldRules:
                    - {path: spec.template, mutable: false}
                """);
        Run blocked = run(threeWay("--rules", immutable));
        assertThat(blocked.code()).isEqualTo(1);
        assertThat(blocked.err()).contains("spec.template.spec.containers[name=web].image: immutable field: the merge would"
                + " change \"web:1.0\" to \"web:1.1\"");
    }

    @Test
    @DisplayName("without --base every difference is a conflict with reason 'no baseline'")
    void twoWay() throws IOException {
        Run r = run("diff", "--current", file("c.yaml", CURRENT), "--target", file("t.yaml", TARGET));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("no base given");
        assertThat(r.err()).contains("spec.replicas: no baseline: the cluster has 5, the target 1");
    }

    @Test
    @DisplayName("reads Kubernetes List documents and several documents per file")
    void lists() throws IOException {
        String list = file("list.yaml", "apiVersion: v1\nkind: List\nitems:\n"
                + "  - {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, data: {k: '1'}}\n"
                + "  - {apiVersion: v1, kind: ConfigMap, metadata: {name: b}, data: {k: '1'}}\n");
        String docs = file("docs.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: '2'}\n---\n"
                + "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {k: '1'}\n");
        Run r = run("diff", "--base", list, "--current", list, "--target", docs, "--output", "json-patch");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("\"document\": \"v1/ConfigMap/a\"").doesNotContain("v1/ConfigMap/b");
    }

    @Test
    @DisplayName("bad input: clear errors with positions, no stack trace, exit 1")
    void badInput() throws IOException {
        Run notObjects = run("diff", "--current", file("c.yaml", "- a\n- b\n"), "--target", file("t.yaml", "kind: X\n"));
        assertThat(notObjects.code()).isEqualTo(1);
        assertThat(notObjects.err()).isEqualTo(dir.resolve("c.yaml") + ":1:1: a document must be a mapping (an object with"
                + " apiVersion and kind), not a list\n"
                + dir.resolve("t.yaml") + ":1:1: apiVersion: missing required field\n"
                + dir.resolve("t.yaml") + ":1:1: metadata: missing metadata (a document needs metadata.name)\n");
        String deep = "a:\n" + "  ".repeat(1) + "b: ".repeat(0) + nested(10_000);
        Run tooDeep = run("diff", "--current", file("deep.yaml", deep), "--target", file("t2.yaml", TARGET));
        assertThat(tooDeep.code()).isEqualTo(1);
        assertThat(tooDeep.err()).contains("nesting is deeper than the limit of 128 levels").doesNotContain("at dev.");
        Run badRules = run(threeWay("--rules", file("r.yaml", "apiVersion: upshift.dev/v1alpha1\nkind: FieldRules\n"
                + "metadata: {name: r}\nspec:\n  fieldRules:\n    - {path: 'spec.x[0]', onConflict: always}\n")));
        assertThat(badRules.code()).isEqualTo(1);
        assertThat(badRules.err()).contains("r.yaml:6:14: spec.fieldRules[0].path: invalid path pattern \"spec.x[0]\": a pattern matches list"
                        + " items by key, not position at character 8")
                .contains("r.yaml:6:39: spec.fieldRules[0].onConflict: unknown value 'always'; expected one of: overwrite, keep, fail");
        Run badKey = run("diff", "--current", file("k.yaml", CURRENT), "--target", file("kt.yaml", TARGET), "--rules",
                file("kr.yaml", "apiVersion: upshift.dev/v1alpha1\nkind: FieldRules\nmetadata: {name: r}\nspec:\n"
                        + "  fieldRules:\n    - {path: 'spec.template.spec.containers', listKeys: [image, port]}\n"));
        assertThat(badKey.code()).isEqualTo(1);
        assertThat(badKey.err()).contains("k.yaml:9:11: spec.template.spec.containers[0]: cannot match list items in the"
                + " current document apps/v1/Deployment/shop/web: item 0 has no key field 'port'").doesNotContain("Exception");
    }

    private static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth) + "\n";
    }

    @Test
    @DisplayName("--explain-keys prints how each list was matched and what decided it")
    void explainKeys() throws IOException {
        Run r = run(threeWay("--explain-keys"));
        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo("""
                apps/v1/Deployment/shop/web
                  spec.template.spec.containers: keyed by name  (built in: Kubernetes 1.36: core.v1.PodSpec.containers)
                """);
        String ports = """
                apiVersion: v1
                kind: Service
                metadata: {name: dns}
                spec:
                  ports: [{port: 53, protocol: UDP}, {port: 53}]
                """;
        Run service = run("diff", "--base", file("sb.yaml", ports), "--current", file("sc.yaml", ports.replace("53}", "53, protocol: TCP}")),
                "--target", file("st.yaml", ports.replace("53}]", "53}, {port: 9153}]")), "--explain-keys");
        assertThat(service.out()).isEqualTo("""
                v1/Service/dns
                  spec.ports: keyed by port, protocol (protocol defaults to TCP)  (built in: Kubernetes 1.36: core.v1.ServiceSpec.ports)
                """);
        Run both = run(threeWay("--explain-keys", "--output", "json"));
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).startsWith("upshift: --explain-keys prints its own text; leave out --output");
    }

    @Test
    @DisplayName("an unknown --output is a usage error (exit 2)")
    void usage() throws IOException {
        Run r = run(threeWay("--output", "html"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("upshift: unknown --output 'html'; expected one of: report, unified, json-patch,"
                + " merge-patch, yaml, json");
        assertThat(run("diff", "--target", "x").code()).isEqualTo(2);
        Run help = run("diff", "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("--base=FILE", "--rules=FILE", "--output=FORMAT", "--explain-keys");
    }
}

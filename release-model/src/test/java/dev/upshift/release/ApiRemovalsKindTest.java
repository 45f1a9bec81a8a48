package dev.upshift.release;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The ApiRemovals document: a fleet's own API removals, and every problem with its position. */
class ApiRemovalsKindTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\nkind: ApiRemovals\nmetadata: {name: own}\n";

    private static List<ApiRemovals> read(Problems problems, String... files) {
        List<SourceDocument> docs = new ArrayList<>();
        for (int i = 0; i < files.length; i++) {
            docs.addAll(DocumentLoader.create().load("r" + i + ".yaml", files[i]));
        }
        return ApiRemovals.KIND.readAll(docs, problems);
    }

    private static List<String> problems(String... files) {
        Problems problems = new Problems();
        read(problems, files);
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("reads an add-on's removals, judged by its own component, with every field")
    void readsEveryField() {
        Problems problems = new Problems();
        List<ApiRemovals> read = read(problems, HEADER + """
                spec:
                  component: cert-manager
                  removals:
                    - apiVersion: cert-manager.io/v1alpha2
                      kind: Certificate
                      deprecatedIn: 1.4
                      removedIn: "1.7"
                      replacement: cert-manager.io/v1
                      replacementSince: 1.0
                    - {apiVersion: example.com/v1, kind: Widget, removedIn: 1.10}
                """);
        assertThat(problems.all()).isEmpty();
        ApiRemoval cert = read.get(0).find("cert-manager.io/v1alpha2", "Certificate").orElseThrow();
        assertThat(cert.component()).isEqualTo("cert-manager");
        assertThat(cert.deprecatedIn()).contains(Version.parse("1.4.0"));
        assertThat(cert.removedIn()).isEqualTo(Version.parse("1.7.0"));
        assertThat(cert.replacement()).contains("cert-manager.io/v1");
        assertThat(cert.source()).isEqualTo("r0.yaml:7:7");
        ApiRemoval widget = read.get(0).find("example.com/v1", "Widget").orElseThrow();
        assertThat(widget.removedIn()).as("1.10 stays 1.10").isEqualTo(Version.parse("1.10.0"));
        assertThat(widget.deprecatedIn()).isEmpty();
        assertThat(widget.replacement()).isEmpty();
        assertThat(ApiRemovals.kubernetes().with(read.get(0).entries()).find("batch/v1beta1", "CronJob")).isPresent();
    }

    @Test
    @DisplayName("bad entries are errors at their field: apiVersion, kind, releases, order and pairs")
    void badEntries() {
        assertThat(problems(HEADER + """
                spec:
                  removals:
                    - {apiVersion: Batch/V1, kind: CronJob, removedIn: 1.25}
                    - {apiVersion: batch/v1beta1, kind: "cron job", removedIn: 1.25}
                    - {apiVersion: batch/v1beta1, kind: CronJob}
                    - {apiVersion: batch/v1beta1, kind: CronJob, removedIn: soon}
                    - {apiVersion: batch/v1beta1, kind: CronJob, deprecatedIn: 1.25, removedIn: 1.25}
                    - {apiVersion: batch/v1beta1, kind: CronJob, removedIn: 1.25, replacement: batch/v1}
                    - {apiVersion: batch/v1beta1, kind: CronJob, removedIn: 1.25, replacementSince: 1.21}
                    - {apiVersion: batch/v1beta1, kind: CronJob, removedIn: 1.25, removed: true}
                """)).containsExactly(
                "r0.yaml:6:20: spec.removals[0].apiVersion: expected group/version or version, such as batch/v1beta1,"
                        + " got 'Batch/V1'",
                "r0.yaml:7:41: spec.removals[1].kind: expected a kind such as CronJob, got 'cron job'",
                "r0.yaml:8:7: spec.removals[2].removedIn: missing required field",
                "r0.yaml:9:61: spec.removals[3].removedIn: invalid version \"soon\": unexpected 's' at character 1;"
                        + " expected a digit",
                "r0.yaml:10:64: spec.removals[4].deprecatedIn: an API is deprecated before it is removed; 1.25 is not"
                        + " before removedIn 1.25",
                "r0.yaml:11:7: spec.removals[5].replacementSince: missing: the release from which batch/v1 is served,"
                        + " so that a plan can tell whether a cluster can migrate before its upgrade",
                "r0.yaml:12:7: spec.removals[6].replacement: missing: replacementSince is given without the apiVersion"
                        + " it is for",
                "r0.yaml:13:67: spec.removals[7].removed: unknown field; did you mean 'removedIn'?");
    }

    @Test
    @DisplayName("a document without removals, or two entries for one API across documents, is an error")
    void missingAndDuplicates() {
        assertThat(problems(HEADER + "spec: {component: kubernetes}\n"))
                .containsExactly("r0.yaml:4:7: spec.removals: missing required field");
        String one = HEADER + "spec:\n  removals:\n    - {apiVersion: example.com/v1, kind: Widget, removedIn: 1.30}\n";
        assertThat(problems(one, one)).containsExactly("r1.yaml:6:7: apiVersion: another ApiRemovals entry is for"
                + " example.com/v1 Widget (r0.yaml:6:7); give each API once");
        Problems problems = new Problems();
        assertThat(read(problems, one)).singleElement().satisfies(t -> assertThat(t.find("example.com/v1", "Widget")
                .map(ApiRemoval::removedIn)).isEqualTo(Optional.of(Version.parse("1.30.0"))));
    }
}

package dev.upshift.common.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MigrationsTest {
    private static final String V0 = "upshift.dev/v1alpha0";
    private static final String V1 = "upshift.dev/v1alpha1";
    private static final String V2 = "upshift.dev/v1alpha2";

    /** Synthetic history: v1alpha0 had spec.size; v1alpha1 calls it spec.replicas; v1alpha2 adds spec.surge. */
    private static final Migration SIZE_TO_REPLICAS = new Migration() {
        public String kind() { return "Widget"; }
        public String fromApiVersion() { return V0; }
        public String toApiVersion() { return V1; }
        public void migrate(ObjectNode tree, SourceDocument doc, Problems problems) {
            ObjectNode spec = (ObjectNode) tree.path("spec");
            if (!spec.has("replicas") && spec.has("size")) {
                if (!spec.get("size").canConvertToInt()) {
                    problems.error(doc.locate("/spec/size"), "spec.size", "cannot carry forward a size that is not a number");
                    return;
                }
                spec.put("replicas", spec.get("size").intValue());
            }
        }
        public Set<String> legacyFields() { return Set.of("/spec/size"); }
    };

    private static final Migration ADD_SURGE = new Migration() {
        public String kind() { return "Widget"; }
        public String fromApiVersion() { return V1; }
        public String toApiVersion() { return V2; }
        public void migrate(ObjectNode tree, SourceDocument doc, Problems problems) {
            ObjectNode spec = (ObjectNode) tree.path("spec");
            if (!spec.has("surge")) {
                spec.put("surge", 1);
            }
        }
    };

    private final Migrations migrations = Migrations.of(Map.of("Widget", V2), List.of(SIZE_TO_REPLICAS, ADD_SURGE));
    private final Problems problems = new Problems();

    private SourceDocument load(String yaml) {
        return DocumentLoader.create().load("w.yaml", yaml).get(0);
    }

    @Test
    void bringsAnOldDocumentForwardAddingFieldsAndKeepingOldOnes() {
        SourceDocument old = load("apiVersion: " + V0 + "\nkind: Widget\nspec: {size: 3}\n");
        SourceDocument migrated = migrations.migrate(old, problems).orElseThrow();
        assertThat(migrated.apiVersion()).isEqualTo(V2);
        assertThat(migrated.root().at("/spec/replicas").intValue()).isEqualTo(3);
        assertThat(migrated.root().at("/spec/size").intValue()).isEqualTo(3);
        assertThat(migrated.root().at("/spec/surge").intValue()).isEqualTo(1);
        assertThat(migrated.legacyFields()).containsExactly("/spec/size");
        assertThat(old.root().at("/spec/replicas").isMissingNode()).isTrue();
        assertThat(migrated.locate("/spec/replicas")).hasToString("w.yaml:3:7");
    }

    @Test
    void isIdempotent() {
        SourceDocument once = migrations.migrate(load("apiVersion: " + V0 + "\nkind: Widget\nspec: {size: 3}\n"), problems).orElseThrow();
        SourceDocument twice = migrations.migrate(once, problems).orElseThrow();
        assertThat(twice.root()).isEqualTo(once.root());
        ObjectNode rerun = once.root().deepCopy();
        SIZE_TO_REPLICAS.migrate(rerun, once, problems);
        ADD_SURGE.migrate(rerun, once, problems);
        assertThat(rerun).isEqualTo(once.root());
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void legacyFieldsAreNotUnknownToTheNewReader() {
        SourceDocument migrated = migrations.migrate(load("apiVersion: " + V0 + "\nkind: Widget\nspec: {size: 3}\n"), problems).orElseThrow();
        ObjectView spec = ObjectView.of(migrated, problems).object("spec").orElseThrow();
        spec.integer("replicas", 0, 10);
        spec.integer("surge", 0, 10);
        spec.rejectUnknownFields();
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void reportsUnknownVersionsAndKindsWithWhatIsSupported() {
        assertThat(migrations.migrate(load("apiVersion: upshift.dev/v9\nkind: Widget\n"), problems)).isEmpty();
        assertThat(migrations.migrate(load("apiVersion: " + V2 + "\nkind: Deployment\n"), problems)).isEmpty();
        assertThat(migrations.migrate(load("apiVersion: " + V2 + "\n"), problems)).isEmpty();
        assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                "w.yaml:1:13: apiVersion: unknown apiVersion 'upshift.dev/v9' for kind Widget; expected " + V2
                        + " (or an older one it migrates: " + V0 + ", " + V1 + ")",
                "w.yaml:2:7: kind: unknown kind 'Deployment'; expected one of: Widget",
                "w.yaml:1:1: kind: missing kind; expected one of: Widget");
    }

    @Test
    void aFailingStepRejectsTheDocument() {
        assertThat(migrations.migrate(load("apiVersion: " + V0 + "\nkind: Widget\nspec: {size: big}\n"), problems)).isEmpty();
        assertThat(problems.all()).extracting(Problem::toString)
                .containsExactly("w.yaml:3:14: spec.size: cannot carry forward a size that is not a number");
    }

    @Test
    void rejectsAmbiguousOrBrokenChains() {
        assertThatThrownBy(() -> Migrations.of(Map.of("Widget", V2), List.of(SIZE_TO_REPLICAS, SIZE_TO_REPLICAS)))
                .hasMessageContaining("two migrations read Widget");
        assertThatThrownBy(() -> Migrations.of(Map.of("Widget", V2), List.of(SIZE_TO_REPLICAS)))
                .hasMessageContaining("do not reach");
    }
}

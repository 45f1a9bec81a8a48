package dev.upshift.common.kind;

import static dev.upshift.common.kind.Widgets.COUNT_TO_SIZE;
import static dev.upshift.common.kind.Widgets.V0;
import static dev.upshift.common.kind.Widgets.V1;
import static dev.upshift.common.kind.Widgets.WIDGET;
import static dev.upshift.common.kind.Widgets.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.kind.Widgets.Widget;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DocumentKindTest {
    private final Problems problems = new Problems();

    private List<String> messages() {
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    void readsADocumentOfItsKindAtItsVersion() {
        Optional<Widget> w = WIDGET.read(load("apiVersion: " + V1 + "\nkind: Widget\nmetadata: {name: a}\nspec: {size: 3}\n").get(0), problems);
        assertThat(w).contains(new Widget("a", 3));
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void bringsAnOlderVersionForwardBeforeReading() {
        Optional<Widget> w = WIDGET.read(load("apiVersion: " + V0 + "\nkind: Widget\nmetadata: {name: a}\nspec: {count: 4}\n").get(0), problems);
        assertThat(w).contains(new Widget("a", 4));
        assertThat(WIDGET.apiVersion()).isEqualTo(V1);
        assertThat(WIDGET.apiVersions()).containsExactly(V0, V1);
    }

    @Test
    void rejectsAnUnknownApiVersionNamingTheVersionsItReads() {
        assertThat(WIDGET.read(load("apiVersion: upshift.dev/v9\nkind: Widget\nmetadata: {name: a}\nspec: {size: 3}\n").get(0), problems)).isEmpty();
        assertThat(messages()).containsExactly("w.yaml:1:13: apiVersion: unknown apiVersion 'upshift.dev/v9' for kind Widget;"
                + " expected upshift.dev/v1alpha1 (or an older one it migrates: upshift.dev/v1alpha0)");
    }

    @Test
    void aDocumentOfAnotherKindIsAProblemAndIsNotRead() {
        assertThat(WIDGET.read(load("apiVersion: " + V1 + "\nkind: Sprocket\nmetadata: {name: a}\n").get(0), problems)).isEmpty();
        assertThat(messages()).containsExactly("w.yaml:2:7: kind: unknown kind 'Sprocket'; expected one of: Widget");
    }

    @Test
    void aValueReadBesideAnErrorIsDroppedAndWarningsPassThrough() {
        assertThat(WIDGET.read(load("apiVersion: " + V1 + "\nkind: Widget\nmetadata: {name: a}\nspec: {size: -1}\n").get(0), problems)).isEmpty();
        assertThat(WIDGET.read(load("apiVersion: " + V1 + "\nkind: Widget\nmetadata: {name: b}\nspec: {size: 500}\n").get(0), problems))
                .contains(new Widget("b", 500));
        assertThat(messages()).containsExactly(
                "w.yaml:4:14: spec.size: expected a positive number",
                "w.yaml:4:14: warning: spec.size: a big widget");
    }

    @Test
    void readAllSkipsOtherKindsChecksEachHeaderAndReadsTheRestTogether() {
        List<Widget> widgets = WIDGET.readAll(load("""
                apiVersion: upshift.dev/v1alpha1
                kind: Widget
                metadata: {name: a}
                spec: {size: 1}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Gadget
                metadata: {name: g}
                ---
                apiVersion: upshift.dev/v2
                kind: Widget
                metadata: {name: b}
                ---
                apiVersion: upshift.dev/v1alpha0
                kind: Widget
                metadata: {name: c}
                spec: {count: 3}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Widget
                metadata: {name: a}
                spec: {size: 2}
                """), problems);
        assertThat(widgets).containsExactly(new Widget("a", 1), new Widget("c", 3));
        assertThat(messages()).containsExactly(
                "w.yaml:10:13: apiVersion: unknown apiVersion 'upshift.dev/v2' for kind Widget; expected upshift.dev/v1alpha1"
                        + " (or an older one it migrates: upshift.dev/v1alpha0)",
                "w.yaml:21:18: metadata.name: another Widget is named a");
    }

    @Test
    void aMigrationOfAnotherKindOrOneThatLeadsNowhereIsRejected() {
        assertThatThrownBy(() -> DocumentKind.builder("Gadget", (d, p) -> Optional.empty()).migration(COUNT_TO_SIZE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a migration of Widget given to kind Gadget");
        assertThatThrownBy(() -> DocumentKind.builder("Widget", (d, p) -> Optional.empty())
                        .apiVersion("upshift.dev/v1beta1").migration(COUNT_TO_SIZE).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the migrations from Widget upshift.dev/v1alpha0 do not reach upshift.dev/v1beta1");
    }
}

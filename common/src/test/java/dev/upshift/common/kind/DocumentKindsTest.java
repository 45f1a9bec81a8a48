package dev.upshift.common.kind;

import static dev.upshift.common.kind.Widgets.GADGET;
import static dev.upshift.common.kind.Widgets.WIDGET;
import static dev.upshift.common.kind.Widgets.load;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.kind.Widgets.Gadget;
import dev.upshift.common.kind.Widgets.Widget;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DocumentKindsTest {
    private final DocumentKinds kinds = DocumentKinds.of(WIDGET, GADGET);
    private final Problems problems = new Problems();

    private List<String> messages() {
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    void looksKindsUpByName() {
        assertThat(kinds.get("Widget")).containsSame(WIDGET);
        assertThat(kinds.get("widget")).isEmpty();
        assertThat(kinds.names()).containsExactly("Gadget", "Widget");
        assertThat(kinds.kinds()).containsExactly(WIDGET, GADGET);
    }

    @Test
    @DisplayName("an unknown kind is an error that suggests the closest registered kind, or lists them all")
    void unknownKindWithSuggestion() {
        assertThat(kinds.check(load("apiVersion: upshift.dev/v1alpha1\nkind: Widgte\nmetadata: {name: a}\n"), problems)).isEmpty();
        assertThat(kinds.check(load("apiVersion: upshift.dev/v1alpha1\nkind: Deployment\nmetadata: {name: a}\n"), problems)).isEmpty();
        assertThat(kinds.check(load("apiVersion: upshift.dev/v1alpha1\nmetadata: {name: a}\n"), problems)).isEmpty();
        assertThat(messages()).containsExactly(
                "w.yaml:2:7: kind: unknown kind 'Widgte'; did you mean 'Widget'?",
                "w.yaml:2:7: kind: unknown kind 'Deployment'; expected one of: Gadget, Widget",
                "w.yaml:1:1: kind: missing kind; expected one of: Gadget, Widget");
        assertThat(kinds.suggest("gadgte")).contains("Gadget");
        assertThat(kinds.suggest("Deployment")).isEmpty();
    }

    @Test
    @DisplayName("a registered kind at a version it cannot read is an error naming the versions it reads")
    void wrongApiVersion() {
        assertThat(kinds.check(load("apiVersion: upshift.dev/v1\nkind: Gadget\nmetadata: {name: a}\n"), problems)).isEmpty();
        assertThat(kinds.check(load("kind: Gadget\nmetadata: {name: a}\n"), problems)).isEmpty();
        assertThat(messages()).containsExactly(
                "w.yaml:1:13: apiVersion: unknown apiVersion 'upshift.dev/v1' for kind Gadget; expected upshift.dev/v1alpha1",
                "w.yaml:1:1: apiVersion: missing apiVersion for kind Gadget; expected upshift.dev/v1alpha1");
    }

    @Test
    void migratesOlderVersionsOfEachKind() {
        List<SourceDocument> checked = kinds.check(load("apiVersion: upshift.dev/v1alpha0\nkind: Widget\nmetadata: {name: a}\nspec: {count: 2}\n"), problems);
        assertThat(problems.all()).isEmpty();
        assertThat(checked).singleElement().satisfies(d -> {
            assertThat(d.apiVersion()).isEqualTo("upshift.dev/v1alpha1");
            assertThat(d.root().at("/spec/size").intValue()).isEqualTo(2);
        });
    }

    @Test
    @DisplayName("a kind registered twice is rejected, whether at once or added later")
    void aKindRegisteredTwiceIsRejected() {
        DocumentKind<Gadget> anotherWidget = DocumentKind.of("Widget", (d, p) -> Optional.of(new Gadget(d.name())));
        assertThatThrownBy(() -> DocumentKinds.of(WIDGET, GADGET, anotherWidget))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("kind Widget is registered twice");
        assertThatThrownBy(() -> kinds.with(WIDGET))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("kind Widget is registered twice");
        assertThat(DocumentKinds.of(WIDGET).with(GADGET).names()).containsExactly("Gadget", "Widget");
    }

    @Test
    void readsEveryKindAndHandsBackTypedValues() {
        DocumentKinds.Values values = kinds.readAll(load("""
                apiVersion: upshift.dev/v1alpha1
                kind: Gadget
                metadata: {name: g}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Widget
                metadata: {name: a}
                spec: {size: 1}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Gizmo
                metadata: {name: z}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Widget
                metadata: {name: a}
                spec: {size: 2}
                """), problems);
        List<Widget> widgets = values.of(WIDGET);
        List<Gadget> gadgets = values.of(GADGET);
        assertThat(widgets).containsExactly(new Widget("a", 1));
        assertThat(gadgets).containsExactly(new Gadget("g"));
        assertThat(messages()).containsExactly(
                "w.yaml:11:7: kind: unknown kind 'Gizmo'; expected one of: Gadget, Widget",
                "w.yaml:16:18: metadata.name: another Widget is named a");
        DocumentKind<Gadget> impostor = DocumentKind.of("Gadget", (d, p) -> Optional.empty());
        assertThatThrownBy(() -> values.of(impostor)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kind Gadget is not in this registry");
    }
}

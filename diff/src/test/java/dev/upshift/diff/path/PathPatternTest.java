package dev.upshift.diff.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.SyntaxException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PathPatternTest {
    private static boolean matches(String pattern, String path) {
        return PathPattern.parse(pattern).matches(FieldPath.parse(path));
    }

    @Test
    @DisplayName("literal steps match themselves")
    void literals() {
        assertThat(matches("spec.replicas", "spec.replicas")).isTrue();
        assertThat(matches("spec.replicas", "spec.replica")).isFalse();
        assertThat(matches("spec.replicas", "spec")).isFalse();
        assertThat(matches("metadata.annotations[\"a.b/c\"]", "metadata.annotations[\"a.b/c\"]")).isTrue();
    }

    @Test
    @DisplayName("* is one step of any kind, [*] one list item")
    void singleWildcards() {
        assertThat(matches("spec.*.image", "spec.x.image")).isTrue();
        assertThat(matches("spec.containers.*.image", "spec.containers[name=a].image")).isTrue();
        assertThat(matches("spec.containers[*].image", "spec.containers[name=a].image")).isTrue();
        assertThat(matches("spec.containers[*].image", "spec.containers.a.image")).isFalse();
        assertThat(matches("spec.*", "spec.a.b")).isFalse();
        assertThat(matches("spec.finalizers[*]", "spec.finalizers[=x]")).isTrue();
    }

    @Test
    @DisplayName("** is any number of steps, none included")
    void deepWildcard() {
        assertThat(matches("**.image", "image")).isTrue();
        assertThat(matches("**.image", "spec.template.spec.containers[name=a].image")).isTrue();
        assertThat(matches("spec.**", "spec")).isTrue();
        assertThat(matches("spec.**.name", "spec.a.b.name")).isTrue();
        assertThat(matches("spec.**.name", "metadata.name")).isFalse();
        assertThat(matches("**", "")).isTrue();
        assertThat(matches("a.**.b.**.c", "a.x.b.y.z.c")).isTrue();
        assertThat(matches("a.**.b.**.c", "a.x.y.c")).isFalse();
    }

    @Test
    @DisplayName("a key step matches items whose key includes its fields")
    void keySteps() {
        assertThat(matches("ports[port=53]", "ports[port=53,protocol=UDP]")).isTrue();
        assertThat(matches("ports[port=53,protocol=TCP]", "ports[port=53,protocol=UDP]")).isFalse();
        assertThat(matches("ports[port=53]", "ports[name=53]")).isFalse();
        assertThat(matches("md[name=md-0].replicas", "md[name=md-0].replicas")).isTrue();
    }

    @Test
    @DisplayName("covers a path when it matches the path or an ancestor")
    void covers() {
        PathPattern p = PathPattern.parse("spec.template");
        assertThat(p.covers(FieldPath.parse("spec.template.spec.containers[name=a].image"))).isTrue();
        assertThat(p.covers(FieldPath.parse("spec"))).isFalse();
        assertThat(PathPattern.parse("**").covers(FieldPath.root())).isTrue();
    }

    @Test
    @DisplayName("specificity: more literal steps, then fewer **, then fewer *")
    void specificity() {
        assertThat(PathPattern.parse("spec.template.spec").compareSpecificity(PathPattern.parse("spec.template"))).isPositive();
        assertThat(PathPattern.parse("spec.*.x").compareSpecificity(PathPattern.parse("spec.**.x"))).isPositive();
        assertThat(PathPattern.parse("spec.x").compareSpecificity(PathPattern.parse("spec.*.x"))).isPositive();
        assertThat(PathPattern.parse("spec.a.x").compareSpecificity(PathPattern.parse("spec.*.x"))).isPositive();
        assertThat(PathPattern.parse("a.*").compareSpecificity(PathPattern.parse("*.a"))).isZero();
    }

    @Test
    @DisplayName("pattern errors name the character")
    void errors() {
        assertThatThrownBy(() -> PathPattern.parse("spec.containers[0].image")).isInstanceOf(SyntaxException.class)
                .hasMessage("invalid path pattern \"spec.containers[0].image\": a pattern matches list items by key,"
                        + " not position at character 17; write [*] or [name=value]");
        assertThatThrownBy(() -> PathPattern.parse("spec.im*")).hasMessage("invalid path pattern \"spec.im*\":"
                + " '*' must stand alone as a step ('*' or '**') at character 8; quote a field name containing it as [\"name\"]");
        assertThatThrownBy(() -> PathPattern.parse("")).hasMessage("invalid path pattern \"\": the pattern is empty;"
                + " write '**' to mean every field");
        assertThatThrownBy(() -> PathPattern.parse("a." + "b.".repeat(63) + "c")).hasMessageContaining("at most 63 steps");
    }
}

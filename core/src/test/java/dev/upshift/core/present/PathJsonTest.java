package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.upshift.release.Release;
import dev.upshift.release.ReleaseCatalog;
import dev.upshift.release.UpgradeGraph;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The stable JSON form of an upgrade path (docs/cli.md, "upshift path"). */
class PathJsonTest {
    private static final UpgradeGraph GRAPH = UpgradeGraph.build(ReleaseCatalog.of(List.of(
            Release.builder("1.0.0").component("kubernetes", "1.28.0").component("etcd", "3.5.0").build(),
            Release.builder("1.1.0").component("kubernetes", "1.29.0").component("etcd", "3.5.12").build(),
            Release.builder("3.0.0").component("kubernetes", "1.30.0").upgradesFrom(">=9.0.0").build())));

    @Test
    @DisplayName("a path renders every documented field, in a fixed order")
    void aPath() {
        assertThat(PathJson.render(GRAPH.path("1.0.0", "1.1.0"))).isEqualTo("""
                {
                  "from": "1.0.0",
                  "to": "1.1.0",
                  "found": true,
                  "change": "minor",
                  "unchecked": true,
                  "hops": [
                    {
                      "from": "1.0.0",
                      "to": "1.1.0",
                      "change": "minor",
                      "kubernetes": {
                        "from": "1.28.0",
                        "to": "1.29.0"
                      },
                      "workersMove": true,
                      "workersRelease": "1.1.0",
                      "uncheckedComponents": [
                        "etcd"
                      ]
                    }
                  ]
                }
                """);
    }

    @Test
    @DisplayName("no path renders why, the rule that cut the graph and its cuts; an unknown version is UNKNOWN_RELEASE")
    void noPath() throws IOException {
        JsonNode cut = new ObjectMapper().readTree(PathJson.render(GRAPH.path("1.1.0", "3.0.0")));
        assertThat(cut.get("found").booleanValue()).isFalse();
        assertThat(cut.get("reason").textValue()).isNotBlank();
        assertThat(cut.get("rule").textValue()).isNotEqualTo("UNKNOWN_RELEASE");
        assertThat(cut.get("cuts")).isNotEmpty();
        assertThat(cut.has("hops")).isFalse();

        JsonNode unknown = PathJson.tree(GRAPH.path("1.0.0", "2.0.0"));
        assertThat(unknown.get("rule").textValue()).isEqualTo("UNKNOWN_RELEASE");
    }
}

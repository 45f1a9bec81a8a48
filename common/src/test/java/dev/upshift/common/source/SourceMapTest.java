package dev.upshift.common.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SourceMapTest {
    private static SourceDocument load(String yaml) {
        return DocumentLoader.create().load("f.yaml", yaml).get(0);
    }

    @Test
    void findsMembersWhoseKeysNeedEscapingInAPointer() {
        SourceDocument doc = load("a/b: 1\nc~d:\n  - x\n  - e: 2\n");
        assertThat(doc.locate("/a~1b")).hasToString("f.yaml:1:6");
        assertThat(doc.locate("/c~0d/1/e")).hasToString("f.yaml:4:8");
        assertThat(doc.keyLocation("/c~0d/1/e")).hasToString("f.yaml:4:5");
    }

    @Test
    void resolvesWhatIsMissingToTheNearestAncestor() {
        SourceDocument doc = load("spec:\n  list: [a, b]\n");
        assertThat(doc.locate("/spec/list/7")).hasToString("f.yaml:2:9");
        assertThat(doc.locate("/spec/list/01")).as("not an index").hasToString("f.yaml:2:9");
        assertThat(doc.locate("/spec/list/1/deeper")).hasToString("f.yaml:2:13");
        assertThat(doc.keyLocation("/spec/nothing")).as("no key: the parent's value").hasToString("f.yaml:2:3");
        assertThat(doc.locate("not a pointer")).hasToString("f.yaml:1:1");
    }

    @Test
    void keepsThePositionsOfTheFirstOfTwoDuplicateKeys() {
        SourceMap.Builder b = SourceMap.builder("f.yaml");
        int root = b.root(SourceMap.pack(1, 1));
        b.member(root, "a", SourceMap.pack(1, 1), SourceMap.pack(1, 4));
        int dup = b.member(SourceMap.DETACHED, "a", SourceMap.pack(2, 1), SourceMap.pack(2, 4));
        b.member(dup, "x", SourceMap.pack(3, 3), SourceMap.pack(3, 6));
        SourceMap map = b.build();
        assertThat(map.valueLocation("/a")).hasToString("f.yaml:1:4");
        assertThat(map.valueLocation("/a/x")).hasToString("f.yaml:1:4");
    }

    @Test
    void findsEveryKeyOfAMappingWhoseKeysShareOneHashCode() {
        // "Aa" and "BB" have the same String.hashCode, so these 1,024 keys all collide
        StringBuilder yaml = new StringBuilder();
        for (int i = 0; i < 1024; i++) {
            StringBuilder key = new StringBuilder();
            for (int bit = 0; bit < 10; bit++) {
                key.append((i >> bit & 1) == 0 ? "Aa" : "BB");
            }
            yaml.append(key).append(": ").append(i).append('\n');
        }
        SourceDocument doc = load(yaml.toString());
        assertThat(doc.locate("/BBAaAaAaAaAaAaAaAaAa")).hasToString("f.yaml:2:23");
        assertThat(doc.locate("/BBBBBBBBBBBBBBBBBBBB")).hasToString("f.yaml:1024:23");
    }

    @Test
    void anEmptyMapKnowsOnlyItsSource() {
        assertThat(SourceMap.empty("m").valueLocation("/a/b")).hasToString("m");
        assertThat(SourceMap.empty("m").keyLocation("")).hasToString("m");
    }
}

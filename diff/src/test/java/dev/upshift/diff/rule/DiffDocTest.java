package dev.upshift.diff.rule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.DocumentLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The rule examples of docs/diff.md read as the docs say they do. */
class DiffDocTest {
    private static List<String> yamlBlocks() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "diff.md"));
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL).matcher(doc);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    @DisplayName("the fieldRules example and the FieldRules document read without a problem, key defaults included")
    void ruleExamplesRead() throws IOException {
        List<String> blocks = yamlBlocks();
        String list = blocks.stream().filter(b -> b.startsWith("fieldRules:")).findFirst().orElseThrow();
        Problems problems = new Problems();
        FieldRules rules = SpecLists.fieldRules(ObjectView.of(DocumentLoader.create().load("diff.md", list).get(0), problems)
                .objects("fieldRules"));
        assertThat(problems.all()).isEmpty();
        assertThat(rules.rules()).anySatisfy(r -> assertThat(r.keyDefaults()).containsOnlyKeys("protocol"));
        String document = blocks.stream().filter(b -> b.contains("kind: FieldRules")).findFirst().orElseThrow();
        FieldRules read = FieldRules.readDocuments(DocumentLoader.create().load("diff.md", document));
        assertThat(read.rules()).hasSize(2);
        assertThat(read.rules().get(0).keyDefaults()).hasToString("{protocol=\"TCP\"}");
    }
}

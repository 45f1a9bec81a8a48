package dev.upshift.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** STYLE.md item 19 for docs/formats.md: its complete examples are a valid fleet, of every kind. */
class FormatsDocTest {
    private static final Path PAGE = Path.of("..", "docs", "formats.md");
    private static final Pattern BLOCK = Pattern.compile("```yaml\\n(apiVersion:.*?)```", Pattern.DOTALL);

    @TempDir
    Path dir;

    @Test
    @DisplayName("every complete example of docs/formats.md validates, together with the others, without a problem")
    void examplesAreAValidFleet() throws IOException {
        List<String> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(Files.readString(PAGE, StandardCharsets.UTF_8));
        while (m.find()) {
            blocks.add(m.group(1));
        }
        for (int i = 0; i < blocks.size(); i++) {
            Files.writeString(dir.resolve("example-" + i + ".yaml"), blocks.get(i), StandardCharsets.UTF_8);
        }
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.problems()).isEmpty();
        assertThat(report.documentsPerKind()).containsOnlyKeys(FleetKinds.standard().names())
                .containsEntry("Release", 2).containsEntry("ClusterUpgrade", 2)
                .containsAllEntriesOf(Map.of("ManagedCluster", 3, "MaintenanceSchedule", 1, "ApiRemovals", 1));
    }
}

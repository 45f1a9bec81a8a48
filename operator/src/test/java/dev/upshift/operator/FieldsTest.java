package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.upshift.operator.resource.ClusterUpgradeSpec;
import dev.upshift.operator.resource.MaintenanceScheduleSpec;
import dev.upshift.operator.resource.Matcher;
import dev.upshift.operator.resource.ReleaseSpec;
import dev.upshift.operator.resource.ScheduleEntry;
import dev.upshift.operator.resource.Stage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The resources offer the fields the documents have: checked against the tables of docs/formats.md,
 * the reference the file readers are documented by, not against the operator's own types.
 */
class FieldsTest {
    static final Path FORMATS = ResourceDocumentsTest.FORMATS;

    @Test
    @DisplayName("a ClusterUpgrade's spec, matchers and stages have the document's fields")
    void clusterUpgrade() throws IOException {
        assertThat(fields(ClusterUpgradeSpec.class))
                .containsExactlyInAnyOrderElementsOf(FormatsDoc.specFields(FORMATS, "ClusterUpgrade"));
        assertThat(fields(Matcher.class))
                .containsExactlyInAnyOrderElementsOf(FormatsDoc.tableAfter(FORMATS, "ClusterUpgrade", "Each matcher"));
        assertThat(fields(Stage.class))
                .containsExactlyInAnyOrderElementsOf(FormatsDoc.tableAfter(FORMATS, "ClusterUpgrade", "Each stage"));
    }

    @Test
    @DisplayName("a MaintenanceSchedule has the document's fields but exclusionsFrom, whose files a cluster does not have")
    void maintenanceSchedule() throws IOException {
        assertThat(fields(MaintenanceScheduleSpec.class)).containsExactlyInAnyOrderElementsOf(
                FormatsDoc.specFields(FORMATS, "MaintenanceSchedule").stream()
                        .filter(f -> !f.equals("exclusionsFrom")).toList());
        assertThat(fields(ScheduleEntry.class)).containsExactlyInAnyOrderElementsOf(
                FormatsDoc.tableAfter(FORMATS, "MaintenanceSchedule", "Each window and each exclusion"));
    }

    @Test
    @DisplayName("a Release has the document's fields")
    void release() throws IOException {
        assertThat(fields(ReleaseSpec.class))
                .containsExactlyInAnyOrderElementsOf(FormatsDoc.specFields(FORMATS, "Release"));
    }

    private static List<String> fields(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(c -> {
            JsonProperty p = CrdGenerator.field(type, c.getName()).getAnnotation(JsonProperty.class);
            return p != null ? p.value() : c.getName();
        }).toList();
    }
}

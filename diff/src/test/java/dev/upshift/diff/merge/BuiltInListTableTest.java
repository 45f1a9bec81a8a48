package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BuiltInListTableTest {
    @Test
    @DisplayName("the committed table is what the generator writes from the sources (run with -Dupshift.kubernetesOpenApi=... -Dupshift.clusterApi=...)")
    void matchesTheSources() throws IOException {
        String openApi = System.getProperty("upshift.kubernetesOpenApi");
        String clusterApi = System.getProperty("upshift.clusterApi");
        assumeTrue(openApi != null && clusterApi != null, "no sources given: -Dupshift.kubernetesOpenApi=FILE|DIR"
                + " -Dupshift.clusterApi=DIR (see docs/diff.md, 'Refreshing the built-in table')");
        String kubernetes = ListTableGenerator.kubernetes(Path.of(openApi), System.getProperty("upshift.kubernetesVersion", "1.36"));
        String capi = ListTableGenerator.clusterApi(Path.of(clusterApi), System.getProperty("upshift.clusterApiVersion", "v1.14.0"));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/built-in-list-table.txt"), kubernetes + capi);
        assertThat(BuiltInListTable.KUBERNETES).isEqualTo(kubernetes);
        assertThat(BuiltInListTable.CLUSTER_API).isEqualTo(capi);
    }
}

package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: the publisher's refusals are recorded in the history and printed by {@code run}, so a
 * file that changed under a Secret since the change was computed, or that no longer reads because
 * of a value in a Secret, is refused without the values.
 */
class FilePublisherSecretsTest {
    private static final Version TO = Version.parse("1.1.0");
    private static final List<String> SECRETS = List.of("hunter2", "correct-horse", "new-default", "1e100000053");
    private static final String CLUSTER = """
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata: {name: db-1}
            spec:
              release: 1.0.0
              infrastructure: aws
              resources:
                - apiVersion: v1
                  kind: Secret
                  metadata: {name: db, namespace: shop}
                  stringData: {password: hunter2}
            """;

    @TempDir
    Path fleet;

    private void write(String name, String text) throws IOException {
        Path p = fleet.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @BeforeEach
    void aFleet() throws IOException {
        for (String[] r : new String[][] {{"1.0.0", "1.29.4", "hunter2"}, {"1.1.0", "1.30.2", "new-default"}}) {
            write("releases/" + r[0] + ".yaml", """
                    apiVersion: upshift.dev/v1alpha1
                    kind: Release
                    metadata: {name: "%s"}
                    spec:
                      components: {kubernetes: %s}
                      defaults:
                        - match: {kind: Secret}
                          values: {stringData: {password: %s}}
                    """.formatted(r[0], r[1], r[2]));
        }
        write("clusters/db-1.yaml", CLUSTER);
    }

    private Publication publishAfter(String edited) throws IOException {
        FleetContents contents = FleetFolder.of(fleet).read();
        ManagedCluster cluster = contents.clusters().items().get(0);
        MergeResult change = Planner.standard().prepare(PlanInput.from(contents, List.of())).change("db-1", TO)
                .orElseThrow().merge().orElseThrow();
        write("clusters/db-1.yaml", edited);
        return FilePublisher.of(fleet).publish(Upgrade.of("u", cluster, TO), change);
    }

    @Test
    @DisplayName("a password changed in the file since the change was computed: rejected with masks, nothing written")
    void passwordChangedUnderTheChange() throws IOException {
        String edited = CLUSTER.replace("hunter2", "correct-horse");

        Publication p = publishAfter(edited);

        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(p.toString()).contains("stringData.password is the text '<secret sha256:9dca666e>' in the file")
                .doesNotContain(SECRETS);
        assertThat(Files.readString(fleet.resolve("clusters/db-1.yaml"))).isEqualTo(edited);
    }

    @Test
    @DisplayName("a file that no longer reads because of a value in a Secret: rejected, the value masked")
    void fileNoLongerReads() throws IOException {
        Publication p = publishAfter(CLUSTER.replace("password: hunter2", "password: hunter2, pin: 1e100000053"));

        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(p.toString()).contains("no longer reads", "<secret sha256:d873a191> is out of range")
                .doesNotContain(SECRETS);
    }
}

package dev.upshift.front;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.core.plan.PreparedFleet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fleet folder read at every pass, prepared again only when its files changed. */
class FolderFleetSourceTest {
    private static final String RELEASE = """
            apiVersion: upshift.dev/v1alpha1
            kind: Release
            metadata: {name: "1.0.0"}
            spec: {components: {kubernetes: 1.29.4}}
            """;

    @TempDir
    Path dir;

    private void cluster(String name) throws IOException {
        Files.writeString(dir.resolve(name + ".yaml"), "apiVersion: upshift.dev/v1alpha1\nkind: ManagedCluster\n"
                + "metadata: {name: " + name + "}\nspec: {release: 1.0.0, infrastructure: aws}\n");
    }

    @Test
    @DisplayName("the same files give the same prepared fleet; a changed folder is prepared again")
    void preparesAgainOnlyWhenTheFilesChanged() throws IOException {
        Files.writeString(dir.resolve("releases.yaml"), RELEASE);
        cluster("a");
        FolderFleetSource source = FolderFleetSource.of(dir);
        assertThat(source.prepared()).isEmpty();

        PreparedFleet first = source.read().fleet();
        Files.writeString(dir.resolve(".upshift-note"), "hidden files do not count");
        assertThat(source.read().fleet()).isSameAs(first);
        cluster("b");
        PreparedFleet second = source.read().fleet();

        assertThat(second).isNotSameAs(first);
        assertThat(second.clusters()).extracting(c -> c.id()).containsExactly("a", "b");
        assertThat(source.prepared()).containsSame(second);
        assertThat(source.read().releases()).isEmpty();
    }

    @Test
    @DisplayName("a folder that does not exist is an input problem at every read, never an empty fleet")
    void aMissingFolderThrows() {
        FolderFleetSource source = FolderFleetSource.of(dir.resolve("nowhere"));

        assertThatThrownBy(source::read).isInstanceOf(InputException.class);
        assertThatThrownBy(source::read).isInstanceOf(InputException.class);
        assertThat(source.prepared()).isEmpty();
    }
}

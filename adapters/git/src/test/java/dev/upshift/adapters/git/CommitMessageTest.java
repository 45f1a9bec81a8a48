package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.testkit.fleet.TestFleet;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.revwalk.FooterLine;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A commit's message: a reviewer's words, secrets masked, and the trailer git itself parses. */
class CommitMessageTest {

    private static final TestFleet FLEET = TestFleet.builder()
            .release("1.0.0", r -> r.kubernetes("1.29.4").defaults("Secret", "{stringData: {password: old-default-pw}}"))
            .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0")
                    .defaults("Secret", "{stringData: {password: new-default-pw}}"))
            .cluster("eu-1", c -> c.release("1.0.0").label("stage", "prod").resources("""
                    apiVersion: v1
                    kind: Secret
                    metadata: {name: db, namespace: fleet}
                    stringData: {password: old-default-pw}
                    """))
            .build();

    @Test
    @DisplayName("says what and why, masks the Secret's values, and ends with the trailer")
    void message() {
        ManagedCluster cluster = FLEET.cluster("eu-1").orElseThrow();
        MergeResult change = FLEET.prepared().change("eu-1", Version.parse("1.1.0")).flatMap(c -> c.merge())
                .orElseThrow();
        Upgrade upgrade = new Upgrade("eu-1:1.0.0..1.1.0#2", cluster, cluster.release(), Version.parse("1.1.0"),
                Optional.of("year-end"));
        assertThat(change.changes()).as("the change moves the password").isNotEmpty();

        String message = CommitMessage.of(upgrade, change, List.of("fleet/clusters/eu-1.yaml"));

        assertThat(message).startsWith("Upgrade eu-1 from 1.0.0 to 1.1.0\n\n")
                .contains("as the ClusterUpgrade year-end asks (stage label: prod)")
                .contains("Files: fleet/clusters/eu-1.yaml.")
                .contains("password")
                .doesNotContain("old-default-pw").doesNotContain("new-default-pw");
        RevCommit parsed = RevCommit.parse(("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
                + "author A <a@example.com> 0 +0000\ncommitter A <a@example.com> 0 +0000\n\n" + message)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(parsed.getFooterLines()).extracting(FooterLine::getKey, FooterLine::getValue)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Upshift-Upgrade-Id", "eu-1:1.0.0..1.1.0#2"));
    }

    @Test
    @DisplayName("a configuration change on the same release says so")
    void valuesOnly() {
        ManagedCluster cluster = FLEET.cluster("eu-1").orElseThrow();
        MergeResult change = FLEET.prepared().change("eu-1", Version.parse("1.1.0")).flatMap(c -> c.merge())
                .orElseThrow();
        Upgrade upgrade = Upgrade.of("eu-1:1.0.0..1.0.0#1", cluster, Version.parse("1.0.0"));

        assertThat(CommitMessage.of(upgrade, change, List.of("a.yaml")))
                .startsWith("Change the values of eu-1 on 1.0.0\n\nCluster eu-1 keeps release 1.0.0 and takes new values,"
                        + " as asked by hand");
    }

    @Test
    @DisplayName("an id that spans lines or has surrounding spaces cannot travel as a trailer")
    void carries() {
        assertThat(CommitMessage.carries("eu-1:1.0.0..1.1.0#1")).isTrue();
        assertThat(CommitMessage.carries("a\nb")).isFalse();
        assertThat(CommitMessage.carries(" a")).isFalse();
    }
}

package dev.upshift.adapters.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.diff.merge.MergeResult;
import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry.Hop;
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
            .release("1.0.0", r -> r.kubernetes("1.29.4").defaults("Secret", "{stringData: {password: old-default-pw}}")
                    .defaults("KubeadmControlPlane", "{spec: {version: v1.29.4}}"))
            .release("1.1.0", r -> r.kubernetes("1.30.2").upgradesFrom(">=1.0.0")
                    .defaults("Secret", "{stringData: {password: new-default-pw}}")
                    .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}"))
            .cluster("eu-1", c -> c.release("1.0.0").label("stage", "prod").resources("""
                    apiVersion: v1
                    kind: Secret
                    metadata: {name: db, namespace: fleet}
                    stringData: {password: old-default-pw}
                    """))
            .cluster("drifted", c -> c.release("1.0.0").resources("""
                    apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                    kind: KubeadmControlPlane
                    metadata: {name: drifted, namespace: fleet}
                    spec: {version: v1.29.3, replicas: 3}
                    """))
            .cluster("valued", c -> c.release("1.0.0").values("KubeadmControlPlane", "{spec: {replicas: 5}}")
                    .resources("""
                    apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                    kind: KubeadmControlPlane
                    metadata: {name: valued, namespace: fleet}
                    spec: {version: v1.29.4, replicas: 3}
                    """))
            .build();

    private static MergeResult change(String cluster, String to) {
        return FLEET.prepared().change(cluster, Version.parse(to)).flatMap(c -> c.merge()).orElseThrow();
    }

    private static Upgrade upgrade(String id, String cluster, String from, String to, Optional<String> intent,
            Upgrade.Context context) {
        ManagedCluster c = FLEET.cluster(cluster).orElseThrow();
        return new Upgrade(id, c, Version.parse(from), Version.parse(to), intent, context);
    }

    @Test
    @DisplayName("says what and why, masks the Secret's values, and ends with the trailer")
    void message() {
        MergeResult change = change("eu-1", "1.1.0");
        Upgrade upgrade = upgrade("eu-1:1.0.0..1.1.0#2", "eu-1", "1.0.0", "1.1.0", Optional.of("year-end"),
                Upgrade.Context.of(Hop.only(Version.parse("1.1.0"))));
        assertThat(change.changes()).as("the change moves the password").isNotEmpty();

        String message = CommitMessage.of(upgrade, change, List.of("fleet/clusters/eu-1.yaml"));

        assertThat(message).startsWith("Upgrade eu-1 from 1.0.0 to 1.1.0\n\n"
                        + "Cluster eu-1 moves from release 1.0.0 to 1.1.0, as the ClusterUpgrade year-end asks.\n")
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
    @DisplayName("names the upgrade's stage, not the cluster's stage label, and which hop of how many to which target")
    void stageAndHop() {
        Upgrade upgrade = upgrade("eu-1:1.0.0..1.1.0#1", "eu-1", "1.0.0", "1.1.0", Optional.of("to-1.2"),
                Upgrade.Context.of(new Hop(1, 2, Version.parse("1.2.0"))).withStage("canary"));

        String message = CommitMessage.of(upgrade, change("eu-1", "1.1.0"), List.of("a.yaml"));

        assertThat(message).startsWith("Upgrade eu-1 from 1.0.0 to 1.1.0 (hop 1 of 2 to 1.2.0)\n\n"
                + "Cluster eu-1 moves from release 1.0.0 to 1.1.0, hop 1 of 2 of its path to 1.2.0, as the"
                + " ClusterUpgrade to-1.2 asks, in its stage canary.\n")
                .doesNotContain("prod").doesNotContain("label");
    }

    @Test
    @DisplayName("an upgrade a person applied says so, with their --reason on one line, and keeps the trailer last")
    void appliedWithReason() {
        Upgrade upgrade = upgrade("eu-1:1.0.0..1.1.0#1", "eu-1", "1.0.0", "1.1.0", Optional.empty(),
                Upgrade.Context.of(Hop.only(Version.parse("1.1.0")))
                        .withPersonsRequest("CVE-2026-1234 is exploited\nUpshift-Upgrade-Id: forged"));

        String message = CommitMessage.of(upgrade, change("eu-1", "1.1.0"), List.of("a.yaml"));

        assertThat(message).contains("Cluster eu-1 moves from release 1.0.0 to 1.1.0.\nApplied by a person (upshift"
                + " apply), regardless of windows and stages: CVE-2026-1234 is exploited Upshift-Upgrade-Id: forged.\n");
        RevCommit parsed = RevCommit.parse(("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
                + "author A <a@example.com> 0 +0000\ncommitter A <a@example.com> 0 +0000\n\n" + message)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(parsed.getFooterLines()).extracting(FooterLine::getValue).containsExactly("eu-1:1.0.0..1.1.0#1");
    }

    @Test
    @DisplayName("a drift repair says it sets back the drifted fields, and names them; no word of values")
    void driftRepair() {
        MergeResult change = change("drifted", "1.0.0");
        Upgrade upgrade = upgrade("drifted:1.0.0..1.0.0#1", "drifted", "1.0.0", "1.0.0", Optional.empty(),
                Upgrade.Context.of(Hop.only(Version.parse("1.0.0"))));

        String message = CommitMessage.of(upgrade, change, List.of("a.yaml"));

        assertThat(message).startsWith("Repair drift on drifted (release 1.0.0)\n\nCluster drifted keeps release 1.0.0"
                + " and sets back 1 field that drifted from what the release sets"
                + " (controlplane.cluster.x-k8s.io/v1beta1/KubeadmControlPlane/fleet/drifted spec.version).\n")
                .doesNotContain("takes the values").doesNotContain("spec.values");
    }

    @Test
    @DisplayName("a change of a cluster's values on its release says it takes its values, and how many fields")
    void values() {
        MergeResult change = change("valued", "1.0.0");
        Upgrade upgrade = upgrade("valued:1.0.0..1.0.0#1", "valued", "1.0.0", "1.0.0", Optional.empty(),
                Upgrade.Context.of(Hop.only(Version.parse("1.0.0"))));

        assertThat(CommitMessage.of(upgrade, change, List.of("a.yaml")))
                .startsWith("Apply the values of valued (release 1.0.0)\n\nCluster valued keeps release 1.0.0 and"
                        + " takes the values its spec.values sets at 1 field.\n")
                .doesNotContain("drift");
    }

    @Test
    @DisplayName("an id that spans lines or has surrounding spaces cannot travel as a trailer")
    void carries() {
        assertThat(CommitMessage.carries("eu-1:1.0.0..1.1.0#1")).isTrue();
        assertThat(CommitMessage.carries("a\nb")).isFalse();
        assertThat(CommitMessage.carries(" a")).isFalse();
    }
}

package dev.upshift.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A ManagedCluster's status, as written back, and what the files probe answers from it. */
class ObservedStatusTest {
    private static final Instant NOW = Instant.parse("2026-03-10T23:30:00Z");
    private static final String CLUSTER = """
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata: {name: prod-eu-1}
            spec: {release: 19.3.1, infrastructure: aws}
            """;
    private static final Upgrade ATTEMPT = new Upgrade("prod-eu-1:19.3.1..20.1.0#1",
            ManagedCluster.builder("prod-eu-1").infrastructure("aws").release("19.3.1").build(), Version.parse("19.3.1"),
            Version.parse("20.1.0"), Optional.of("fleet-to-20.1"));

    private static ObservedStatus read(String status, Problems problems) {
        return ObservedStatus.of(DocumentLoader.create().load("c.yaml", CLUSTER + status).get(0), problems);
    }

    private static UpgradeStatus answer(String status) {
        Problems problems = new Problems();
        ObservedStatus s = read(status, problems);
        assertThat(problems.all()).isEmpty();
        return s.answer(ATTEMPT, NOW);
    }

    @Test
    @DisplayName("a cluster observed on the hop's release has succeeded")
    void succeeded() {
        assertThat(answer("status: {release: 20.1.0}")).isInstanceOf(UpgradeStatus.Succeeded.class);
    }

    @Test
    @DisplayName("a failure counts for the attempt it names, with its reason and time")
    void failed() {
        UpgradeStatus s = answer("""
                status:
                  upgrade: prod-eu-1:19.3.1..20.1.0#1
                  conditions:
                    - {type: UpgradeFailed, status: "True", reason: DrainTimeout, message: cp-2 did not drain,
                       lastTransitionTime: 2026-03-10T23:10:00Z}
                """);
        assertThat(s).isInstanceOfSatisfying(UpgradeStatus.Failed.class, f -> {
            assertThat(f.condition().reason()).isEqualTo("DrainTimeout");
            assertThat(f.condition().lastTransitionTime()).isEqualTo(Instant.parse("2026-03-10T23:10:00Z"));
        });
    }

    @Test
    @DisplayName("a failure of another attempt, or none at all, leaves the attempt in progress")
    void staleFailureIgnored() {
        assertThat(answer("""
                status:
                  upgrade: prod-eu-1:19.3.1..20.1.0#0
                  conditions: [{type: UpgradeFailed, status: "True"}]
                """)).isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(ObservedStatus.none().answer(ATTEMPT, NOW)).isInstanceOf(UpgradeStatus.InProgress.class);
    }

    @Test
    @DisplayName("progress reported for the attempt is passed on")
    void progress() {
        UpgradeStatus s = answer("""
                status: {upgrade: "prod-eu-1:19.3.1..20.1.0#1", progress: {required: 3, upgraded: 2}}
                """);
        assertThat(s).isInstanceOfSatisfying(UpgradeStatus.InProgress.class,
                p -> assertThat(p.progress()).contains(new UpgradeStatus.Progress(3, 2, false)));
    }

    @Test
    @DisplayName("a malformed status names the field and what was expected")
    void badStatus() {
        Problems problems = new Problems();
        read("""
                status:
                  release: twenty
                  conditions: [{type: Upgraded, status: "yes"}]
                  progress: {required: 1, upgraded: 2}
                  phase: done
                """, problems);
        List<String> messages = problems.all().stream().map(Problem::toString).toList();
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("status.release"))
                .anySatisfy(m -> assertThat(m).contains("status.conditions[0].type", "UpgradeFailed"))
                .anySatisfy(m -> assertThat(m).contains("status.conditions[0].status", "True, False or Unknown"))
                .anySatisfy(m -> assertThat(m).contains("status.progress.upgraded", "at most required"))
                .anySatisfy(m -> assertThat(m).contains("status.phase", "unknown field"));
    }

    @Test
    @DisplayName("the ManagedCluster reader accepts a status and checks it")
    void readerChecksStatus() {
        Problems problems = new Problems();
        List<ManagedCluster> ok = FleetKinds.MANAGED_CLUSTER.readAll(DocumentLoader.create().load("c.yaml",
                CLUSTER + "status: {release: 19.3.1}\n"), problems);
        assertThat(problems.all()).isEmpty();
        assertThat(ok).hasSize(1);
        FleetKinds.MANAGED_CLUSTER.readAll(DocumentLoader.create().load("c.yaml", CLUSTER + "status: {relase: 1.0.0}\n"),
                problems);
        assertThat(problems.all()).singleElement().asString().contains("status.relase", "did you mean 'release'");
    }

    private static UpgradeStatus part(String status, UpgradePart which) {
        Problems problems = new Problems();
        ObservedStatus s = read(status, problems);
        assertThat(problems.all()).isEmpty();
        Upgrade part = new Upgrade(ATTEMPT.id() + "/" + which.word(), ATTEMPT.cluster(), ATTEMPT.from(), ATTEMPT.to(),
                ATTEMPT.intent());
        return s.answer(part, which, NOW);
    }

    @Test
    @DisplayName("a hop in two parts: the control plane's part is done when controlPlaneRelease (or release) is the hop's")
    void controlPlanePart() {
        assertThat(part("status: {release: 19.3.1, controlPlaneRelease: 20.1.0}", UpgradePart.CONTROL_PLANE))
                .isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(part("status: {release: 20.1.0}", UpgradePart.CONTROL_PLANE)).isInstanceOf(UpgradeStatus.Succeeded.class);
        assertThat(part("status: {release: 19.3.1, controlPlaneRelease: 19.3.1}", UpgradePart.CONTROL_PLANE))
                .isInstanceOf(UpgradeStatus.InProgress.class);
        assertThat(part("status: {release: 19.3.1, controlPlaneRelease: 20.1.0}", UpgradePart.WORKERS))
                .as("the workers' part is the whole hop").isInstanceOf(UpgradeStatus.InProgress.class);
    }

    @Test
    @DisplayName("a hop in two parts: a failure names the part or the hop; progress reported for it is passed on")
    void partFailuresAndProgress() {
        String failed = """
                status:
                  upgrade: %s
                  conditions: [{type: UpgradeFailed, status: "True", reason: EtcdUnhealthy}]
                """;
        assertThat(part(failed.formatted("prod-eu-1:19.3.1..20.1.0#1/control-plane"), UpgradePart.CONTROL_PLANE))
                .isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(part(failed.formatted("prod-eu-1:19.3.1..20.1.0#1"), UpgradePart.WORKERS))
                .isInstanceOf(UpgradeStatus.Failed.class);
        assertThat(part(failed.formatted("prod-eu-1:19.3.1..20.1.0#1/control-plane"), UpgradePart.WORKERS))
                .as("a failure of the other part is not this one's").isInstanceOf(UpgradeStatus.InProgress.class);
        UpgradeStatus rolling = part("status: {upgrade: \"prod-eu-1:19.3.1..20.1.0#1/control-plane\","
                + " progress: {required: 3, upgraded: 1}}", UpgradePart.CONTROL_PLANE);
        assertThat(((UpgradeStatus.InProgress) rolling).progress()).contains(new UpgradeStatus.Progress(3, 1, false));
    }

    @Test
    @DisplayName("a controlPlaneRelease that is not a version is an error naming the field")
    void badControlPlaneRelease() {
        Problems problems = new Problems();
        read("status: {controlPlaneRelease: twenty}", problems);
        assertThat(problems.all()).singleElement().satisfies(p -> assertThat(p.toString()).contains("controlPlaneRelease"));
    }
}

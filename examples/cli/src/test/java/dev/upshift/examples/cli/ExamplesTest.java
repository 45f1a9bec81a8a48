package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The examples the README points newcomers to keep working. */
class ExamplesTest {
    private static final Path EXAMPLES = Path.of("..").toAbsolutePath().normalize();

    private static String example(String file) {
        return EXAMPLES.resolve("diff").resolve(file).toString();
    }

    @Test
    void theDiffExampleShowsReleaseChangesAndTheKeptInstanceTypeConflict() {
        Cli r = Cli.run("diff", "--base", example("base.yaml"), "--current", example("current.yaml"),
                "--target", example("target.yaml"), "--rules", example("rules.yaml"));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("3 documents change (1 added, 0 removed); 0 customisations kept; 1 conflict (0 blocking);"
                + " highest impact: replace");
        assertThat(r.out()).as("the AMI change makes a new AWSMachineTemplate, which Cluster API requires")
                .containsPattern("> \\(whole document\\): replaced by infrastructure.cluster.x-k8s.io/v1beta2/AWSMachineTemplate/"
                        + "org-acme/prod-eu-1-md-0-[0-9a-f]{8}: ");
        assertThat(r.out()).contains("~ spec.version: \"v1.28.9\" -> \"v1.29.6\"  [rolling]");
        assertThat(r.out()).contains("spec.template.spec.instanceType: CURRENT");
        assertThat(r.out()).doesNotContain("replicas").doesNotContain("resourceVersion");
    }

    @Test
    void theFleetExampleValidates() {
        Cli r = Cli.run("validate", EXAMPLES.resolve("fleet").toString());
        assertThat(r.err().lines()).as("only the conflict the fleet shows on purpose").singleElement().asString()
                .contains("warning: ").endsWith("(CONFLICTING_UPGRADES)");
        assertThat(r.exitCode()).isZero();
    }
}

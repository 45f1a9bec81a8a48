package dev.upshift.bench;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * The release catalog of a generated fleet, as a product line ships it: release lines
 * ({@code major.minor}) of twenty patches each, five lines a major, one kubernetes minor per line, a
 * new line every three weeks and each line supported for a year. Every release is in the
 * {@code rapid} channel; matured patches ({@code .2} and later) of all but the two newest lines also
 * in {@code stable}. About one patch in 33 is withdrawn. {@code upgradesFrom} accepts the previous
 * line and the line's own older patches, except on every seventh line, which leaves it out (any
 * older release, narrowed by the skew policy). Defaults set the kubernetes version on the Cluster
 * API control plane and machine deployments and the machine image on AWS machine templates.
 */
final class FleetReleases {
    static final int PATCHES_PER_LINE = 20;
    private static final int LINES_PER_MAJOR = 5;
    private static final int FIRST_MAJOR = 10;
    private static final int FIRST_KUBERNETES_MINOR = 20;

    /** One release of the catalog. */
    record Rel(int line, int patch, boolean withdrawn, boolean stable, LocalDate endOfLife) {
        String version() {
            return major(line) + "." + minor(line) + "." + patch;
        }

        String kubernetes() {
            return "1." + (FIRST_KUBERNETES_MINOR + line) + "." + patch;
        }
    }

    private final List<Rel> releases;
    private final int lines;

    FleetReleases(int count, LocalDate today, Random random) {
        if (count < PATCHES_PER_LINE * 2 || count % PATCHES_PER_LINE != 0) {
            throw new IllegalArgumentException("a catalog of whole lines of " + PATCHES_PER_LINE + " releases, at least two");
        }
        this.lines = count / PATCHES_PER_LINE;
        this.releases = new ArrayList<>(count);
        for (int line = 0; line < lines; line++) {
            LocalDate shipped = today.minusWeeks(3L * (lines - 1 - line));
            for (int patch = 0; patch < PATCHES_PER_LINE; patch++) {
                boolean withdrawn = patch > 0 && patch < PATCHES_PER_LINE - 1 && random.nextInt(33) == 0;
                boolean stable = patch >= 2 && line < lines - 2;
                releases.add(new Rel(line, patch, withdrawn, stable, shipped.plusYears(1)));
            }
        }
    }

    int lines() {
        return lines;
    }

    List<Rel> all() {
        return releases;
    }

    Rel get(int line, int patch) {
        return releases.get(line * PATCHES_PER_LINE + patch);
    }

    /** The newest release of a line that is not withdrawn. */
    Rel newest(int line) {
        for (int patch = PATCHES_PER_LINE - 1; ; patch--) {
            if (!get(line, patch).withdrawn()) {
                return get(line, patch);
            }
        }
    }

    /** The constraint {@code ~major.minor} of a line. */
    static String tilde(int line) {
        return "~" + major(line) + "." + minor(line);
    }

    static int major(int line) {
        return FIRST_MAJOR + line / LINES_PER_MAJOR;
    }

    static int minor(int line) {
        return line % LINES_PER_MAJOR;
    }

    /** The AMI a release line puts on AWS machine templates. */
    static String ami(int line) {
        return String.format(java.util.Locale.ROOT, "ami-0%07x", 0x5a1c00 + line * 37);
    }

    static String defaultInstanceType(int line) {
        return line < 30 ? "m5.xlarge" : "m6i.xlarge";
    }

    /** The release's document. */
    String yaml(Rel r) {
        StringBuilder y = new StringBuilder(1536);
        y.append("apiVersion: upshift.dev/v1alpha1\nkind: Release\nmetadata:\n  name: \"").append(r.version())
                .append("\"\nspec:\n");
        if (r.withdrawn()) {
            y.append("  state: withdrawn\n");
        }
        y.append("  endOfLife: ").append(r.endOfLife()).append('\n');
        y.append("  channels: [").append(r.stable() ? "stable, rapid" : "rapid").append("]\n");
        int line = r.line();
        y.append("  components:\n    kubernetes: ").append(r.kubernetes())
                .append("\n    etcd: 3.").append(5 + line / 20).append('.').append(line % 20 + r.patch() / 10)
                .append("\n    containerd: 1.").append(7 + line / 25).append('.').append(line % 25)
                .append("\n    cilium: 1.").append(13 + line / 8).append('.').append(line % 8 * 2 + r.patch() / 5)
                .append("\n    coredns: 1.").append(10 + line / 10).append('.').append(line % 10).append('\n');
        previous(r).ifPresent(p -> y.append("  upgradesFrom: \">=").append(p).append(" <").append(r.version()).append("\"\n"));
        if (line > 0) {
            y.append("  componentUpgradesFrom: {etcd: \">=3.5.0\"}\n");
        }
        String v = "v" + r.kubernetes();
        y.append("  defaults:\n")
                .append("    - match: {kind: KubeadmControlPlane}\n      values: {spec: {version: ").append(v).append("}}\n")
                .append("    - match: {kind: MachineDeployment}\n      values: {spec: {template: {spec: {version: ")
                .append(v).append("}}}}\n")
                .append("    - match: {kind: AWSMachineTemplate}\n      values: {spec: {template: {spec: {ami: {id: ")
                .append(ami(line)).append("}, instanceType: ").append(defaultInstanceType(line)).append("}}}}\n");
        y.append("""
                  fieldRules:
                    - match: {kind: KubeadmControlPlane}
                      path: spec.version
                      onConflict: overwrite
                      impact: rolling
                    - match: {kind: MachineDeployment}
                      path: spec.template.spec.version
                      onConflict: overwrite
                      impact: rolling
                    - match: {kind: AWSMachineTemplate}
                      path: spec.template.spec.instanceType
                      onConflict: keep
                      impact: replace
                    - match: {kind: AWSMachineTemplate}
                      path: spec.template.spec.ami
                      impact: replace
                    - path: metadata.name
                      mutable: false
                    - path: spec.replicas
                      ignore: true
                """);
        return y.toString();
    }

    /** The oldest version {@code upgradesFrom} accepts: the previous line's first patch; none on line 0 and every seventh line. */
    private static Optional<String> previous(Rel r) {
        if (r.line() == 0 || r.line() % 7 == 0) {
            return Optional.empty();
        }
        int p = r.line() - 1;
        return Optional.of(major(p) + "." + minor(p) + ".0");
    }
}

package dev.upshift.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * The clusters of a generated fleet. Labels {@code stage} (dev 20 %, staging 15 %, prod 65 %),
 * {@code region} (six), {@code team} and {@code infra} (aws 40 %, azure 25 %, vsphere 20 %, gcp
 * 10 %, metal 5 %). Releases: half on the newest four lines, a third on the eight before, the rest
 * older (some past their end of life), any patch (withdrawn ones included). 92 % name a schedule,
 * shared by region and stage; 2 % are frozen (some freezes already over). One in ten carries 3 to 5
 * Cluster API documents (Cluster, KubeadmControlPlane, MachineDeployments, a machine template of its
 * infrastructure) matching its release's defaults, some customised: labels, a kept instance type, a
 * pinned machine image that conflicts with the next line's, or values of its own (a config change).
 */
final class FleetClusters {
    static final List<String> REGIONS = List.of("eu-west", "eu-central", "us-east", "us-west", "ap-south", "ap-northeast");
    static final List<String> STAGES = List.of("dev", "staging", "prod");
    private static final List<String> FREEZE_REASONS = List.of("quarter-end trading freeze", "customer launch",
            "incident review pending", "audit in progress");

    /** One cluster, as the generator decided it. */
    record Cluster(int index, String id, int region, int stage, int team, String infra, FleetReleases.Rel release,
            Optional<Integer> schedule, Optional<Instant> frozenUntil, int documents, int customisation) {}

    private FleetClusters() {}

    static List<Cluster> generate(int count, int teams, int schedules, FleetReleases releases, Instant now, Random r) {
        List<Cluster> out = new ArrayList<>(count);
        int lines = releases.lines();
        for (int i = 0; i < count; i++) {
            int region = r.nextInt(REGIONS.size());
            int p = r.nextInt(100);
            int stage = p < 20 ? 0 : p < 35 ? 1 : 2;
            p = r.nextInt(100);
            String infra = p < 40 ? "aws" : p < 65 ? "azure" : p < 85 ? "vsphere" : p < 95 ? "gcp" : "metal";
            String id = String.format(Locale.ROOT, "%s-%s-%06d", REGIONS.get(region), STAGES.get(stage), i);
            p = r.nextInt(100);
            int back = p < 50 ? r.nextInt(4) : p < 85 ? 4 + r.nextInt(8) : 12 + r.nextInt(Math.max(1, Math.min(18, lines - 12)));
            FleetReleases.Rel release = releases.get(Math.max(0, lines - 1 - back), r.nextInt(FleetReleases.PATCHES_PER_LINE));
            Optional<Integer> schedule = r.nextInt(100) < 92
                    ? Optional.of((region * 9 + stage * 3 + r.nextInt(3)) % schedules) : Optional.empty();
            Optional<Instant> frozen = r.nextInt(50) == 0
                    ? Optional.of(now.plus(Duration.ofDays(r.nextInt(70) - 10))) : Optional.empty();
            int documents = r.nextInt(10) == 0 ? 3 + r.nextInt(3) : 0;
            out.add(new Cluster(i, id, region, stage, r.nextInt(teams), infra, release, schedule, frozen, documents,
                    r.nextInt(100)));
        }
        return out;
    }

    /** The cluster's document. */
    static String yaml(Cluster c) {
        StringBuilder y = new StringBuilder(c.documents() == 0 ? 384 : 2560);
        String team = FleetUpgrades.team(c.team());
        y.append("apiVersion: upshift.dev/v1alpha1\nkind: ManagedCluster\nmetadata:\n  name: ").append(c.id())
                .append("\n  labels: {stage: ").append(STAGES.get(c.stage())).append(", region: ")
                .append(REGIONS.get(c.region())).append(", team: ").append(team).append(", infra: ").append(c.infra())
                .append("}\nspec:\n  release: \"").append(c.release().version()).append("\"\n  infrastructure: ")
                .append(c.infra()).append('\n');
        c.schedule().ifPresent(s -> y.append("  schedule: ").append(FleetSchedules.name(s)).append('\n'));
        c.frozenUntil().ifPresent(until -> y.append("  freeze: {until: ").append(until).append(", reason: \"")
                .append(FREEZE_REASONS.get(c.index() % FREEZE_REASONS.size())).append("\"}\n"));
        if (c.documents() > 0) {
            if (c.customisation() < 3) {
                y.append("  values:\n    - match: {kind: KubeadmControlPlane}\n      values: {spec: {kubeadmConfigSpec: "
                        + "{clusterConfiguration: {apiServer: {extraArgs: {audit-log-maxage: \"30\"}}}}}}\n");
            }
            y.append("  resources:\n");
            resources(y, c, team);
        }
        return y.toString();
    }

    private static void resources(StringBuilder y, Cluster c, String ns) {
        String id = c.id();
        String version = "v" + c.release().kubernetes();
        String template = templateKind(c.infra());
        String customLabels = c.customisation() % 5 == 1 ? ", labels: {cost-center: cc-" + c.index() % 97 + "}" : "";
        y.append("    - apiVersion: cluster.x-k8s.io/v1beta1\n      kind: Cluster\n      metadata: {name: ").append(id)
                .append(", namespace: ").append(ns).append(customLabels).append("}\n      spec:\n")
                .append("        clusterNetwork: {pods: {cidrBlocks: [192.168.0.0/16]}, services: {cidrBlocks: [10.128.0.0/12]}}\n")
                .append("        controlPlaneRef: {apiVersion: controlplane.cluster.x-k8s.io/v1beta1, kind: KubeadmControlPlane, name: ")
                .append(id).append("}\n");
        y.append("    - apiVersion: controlplane.cluster.x-k8s.io/v1beta1\n      kind: KubeadmControlPlane\n")
                .append("      metadata: {name: ").append(id).append(", namespace: ").append(ns).append("}\n      spec:\n")
                .append("        version: ").append(version).append("\n        replicas: ").append(c.stage() == 2 ? 5 : 3)
                .append("\n        machineTemplate: {infrastructureRef: {apiVersion: infrastructure.cluster.x-k8s.io/v1beta2, kind: ")
                .append(template).append(", name: ").append(id).append("-md-0}}\n")
                .append("        kubeadmConfigSpec: {clusterConfiguration: {apiServer: {extraArgs: {audit-log-maxage: \"7\"}}}}\n");
        machineDeployment(y, id, ns, "md-0", version, template);
        if (c.documents() >= 4) {
            y.append("    - apiVersion: infrastructure.cluster.x-k8s.io/v1beta2\n      kind: ").append(template)
                    .append("\n      metadata: {name: ").append(id).append("-md-0, namespace: ").append(ns)
                    .append("}\n      spec: {template: {spec: ").append(templateSpec(c)).append("}}\n");
        }
        if (c.documents() == 5) {
            machineDeployment(y, id, ns, "md-1", version, template);
        }
    }

    private static void machineDeployment(StringBuilder y, String id, String ns, String name, String version, String template) {
        y.append("    - apiVersion: cluster.x-k8s.io/v1beta1\n      kind: MachineDeployment\n      metadata: {name: ")
                .append(id).append('-').append(name).append(", namespace: ").append(ns).append("}\n      spec:\n")
                .append("        clusterName: ").append(id).append("\n        replicas: 3\n        template:\n          spec:\n")
                .append("            clusterName: ").append(id).append("\n            version: ").append(version)
                .append("\n            bootstrap: {configRef: {apiVersion: bootstrap.cluster.x-k8s.io/v1beta1, kind: KubeadmConfigTemplate, name: ")
                .append(id).append("-").append(name).append("}}\n            infrastructureRef: {apiVersion: infrastructure.cluster.x-k8s.io/v1beta2, kind: ")
                .append(template).append(", name: ").append(id).append("-md-0}\n");
    }

    private static String templateKind(String infra) {
        return switch (infra) {
            case "aws" -> "AWSMachineTemplate";
            case "azure" -> "AzureMachineTemplate";
            case "vsphere" -> "VSphereMachineTemplate";
            case "gcp" -> "GCPMachineTemplate";
            default -> "Metal3MachineTemplate";
        };
    }

    private static String templateSpec(Cluster c) {
        int line = c.release().line();
        return switch (c.infra()) {
            case "aws" -> {
                String instanceType = c.customisation() % 20 == 7 ? "m5.2xlarge" : FleetReleases.defaultInstanceType(line);
                String ami = c.customisation() % 10 == 1 ? "ami-0pinned0001" : FleetReleases.ami(line);
                yield "{instanceType: " + instanceType + ", ami: {id: " + ami + "}, iamInstanceProfile: nodes.cluster-api-provider-aws.sigs.k8s.io}";
            }
            case "azure" -> "{vmSize: Standard_D4s_v3, osDisk: {diskSizeGB: 128, osType: Linux}}";
            case "vsphere" -> "{numCPUs: 4, memoryMiB: 16384, diskGiB: 80, template: ubuntu-2204-kube}";
            case "gcp" -> "{instanceType: n2-standard-4, rootDeviceSize: 100}";
            default -> "{image: {url: \"http://images.example/ubuntu-2204.qcow2\", checksumType: sha256}}";
        };
    }
}

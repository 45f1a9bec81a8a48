package dev.upshift.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.diff.document.DocumentSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates the documents of a large workload cluster as three sets: what the old release
 * rendered (base), what the cluster has (current: the base with users' and controllers' changes)
 * and what the new release renders (target: the base with the release's changes). Deterministic
 * for a given seed.
 *
 * <p>Documents are Deployments (containers keyed by name, ports keyed by port and protocol, env
 * lists, probes, resources), machine templates and config maps, about 2 KB of YAML each. A chosen
 * share of the documents gets release changes (a version label and an image or AMI bump; some
 * also lose a container or gain an environment variable); by fixed shares of the documents, users
 * scaled replicas by hand, a controller injected a sidecar, someone added labels or pinned a
 * conflicting image.
 */
public final class ClusterDocuments {
    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    /** The three sets. */
    public record Sets(DocumentSet base, DocumentSet current, DocumentSet target) {}

    private ClusterDocuments() {}

    /** {@code count} documents per set, every one changed by the new release. */
    public static Sets generate(int count, long seed) {
        return generate(count, 100, seed);
    }

    /**
     * {@code count} documents per set, of which {@code changedPercent} percent (spread evenly)
     * get release changes; users' changes go to the same shares of documents either way.
     */
    public static Sets generate(int count, int changedPercent, long seed) {
        Random random = new Random(seed);
        List<ObjectNode> base = new ArrayList<>();
        List<ObjectNode> current = new ArrayList<>();
        List<ObjectNode> target = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ObjectNode b = switch (i % 10) {
                case 0 -> machineTemplate(i);
                case 1 -> configMap(i, random);
                default -> deployment(i, random);
            };
            ObjectNode c = b.deepCopy();
            ObjectNode t = b.deepCopy();
            if (i * changedPercent / 100 != (i + 1) * changedPercent / 100) {
                releaseChanges(i, t);
            }
            userChanges(i, c, random);
            base.add(b);
            current.add(c);
            target.add(t);
        }
        return new Sets(DocumentSet.of(base), DocumentSet.of(current), DocumentSet.of(target));
    }

    private static ObjectNode header(String apiVersion, String kind, int i, String name) {
        ObjectNode doc = NODES.objectNode();
        doc.put("apiVersion", apiVersion).put("kind", kind);
        ObjectNode metadata = doc.putObject("metadata");
        metadata.put("name", name + "-" + i).put("namespace", "team-" + (i % 17));
        metadata.putObject("labels").put("app.kubernetes.io/name", name + "-" + i)
                .put("app.kubernetes.io/part-of", "fleet").put("release.upshift.dev/version", "19.3.1");
        return doc;
    }

    private static ObjectNode deployment(int i, Random random) {
        ObjectNode doc = header("apps/v1", "Deployment", i, "svc");
        ObjectNode spec = doc.putObject("spec");
        spec.put("replicas", 2).put("revisionHistoryLimit", 5);
        spec.putObject("selector").putObject("matchLabels").put("app.kubernetes.io/name", "svc-" + i);
        spec.putObject("strategy").put("type", "RollingUpdate").putObject("rollingUpdate")
                .put("maxSurge", "25%").put("maxUnavailable", 0);
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app.kubernetes.io/name", "svc-" + i);
        ObjectNode pod = template.putObject("spec");
        pod.put("serviceAccountName", "svc-" + i).put("terminationGracePeriodSeconds", 30);
        ArrayNode containers = pod.putArray("containers");
        containers.add(container("app", "registry.example/svc-" + i + ":1." + random.nextInt(20) + ".0", random, true));
        containers.add(container("log-shipper", "registry.example/shipper:0.9.4", random, false));
        pod.putArray("volumes").addObject().put("name", "config").putObject("configMap").put("name", "cfg-" + i);
        return doc;
    }

    private static ObjectNode container(String name, String image, Random random, boolean main) {
        ObjectNode c = NODES.objectNode();
        c.put("name", name).put("image", image).put("imagePullPolicy", "IfNotPresent");
        c.putArray("args").add("--log-level=info").add("--port=8080");
        ArrayNode ports = c.putArray("ports");
        ports.addObject().put("containerPort", 8080).put("protocol", "TCP").put("name", "http");
        if (main) {
            ports.addObject().put("containerPort", 8125).put("protocol", "UDP").put("name", "statsd");
            ports.addObject().put("containerPort", 8125).put("protocol", "TCP").put("name", "statsd-tcp");
        }
        ArrayNode env = c.putArray("env");
        for (int e = 0; e < (main ? 6 : 2); e++) {
            env.addObject().put("name", "SETTING_" + e).put("value", "value-" + random.nextInt(1000));
        }
        ObjectNode resources = c.putObject("resources");
        resources.putObject("requests").put("cpu", "100m").put("memory", "128Mi");
        resources.putObject("limits").put("cpu", "1").put("memory", "512Mi");
        if (main) {
            ObjectNode probe = c.putObject("readinessProbe");
            probe.putObject("httpGet").put("path", "/ready").put("port", 8080);
            probe.put("periodSeconds", 10).put("failureThreshold", 3);
            c.putArray("volumeMounts").addObject().put("name", "config").put("mountPath", "/etc/svc");
        }
        return c;
    }

    private static ObjectNode machineTemplate(int i) {
        ObjectNode doc = header("infrastructure.cluster.x-k8s.io/v1beta2", "AWSMachineTemplate", i, "workers");
        ObjectNode spec = doc.putObject("spec").putObject("template").putObject("spec");
        spec.put("instanceType", "m5.2xlarge").put("iamInstanceProfile", "nodes.cluster-api-provider-aws.sigs.k8s.io");
        spec.putObject("ami").put("id", "ami-0123456789abcdef0");
        spec.putObject("rootVolume").put("size", 120).put("type", "gp3").put("encrypted", true);
        ArrayNode groups = spec.putArray("additionalSecurityGroups");
        for (int g = 0; g < 3; g++) {
            groups.addObject().put("id", "sg-" + i + "-" + g);
        }
        spec.put("sshKeyName", "");
        spec.putObject("additionalTags").put("owner", "team-" + (i % 17)).put("cost-center", "cc-" + (i % 5))
                .put("environment", "production");
        return doc;
    }

    private static ObjectNode configMap(int i, Random random) {
        ObjectNode doc = header("v1", "ConfigMap", i, "cfg");
        ObjectNode data = doc.putObject("data");
        StringBuilder file = new StringBuilder();
        for (int l = 0; l < 30; l++) {
            file.append("option_").append(l).append(" = ").append(random.nextInt(10_000)).append('\n');
        }
        data.put("settings.conf", file.toString());
        for (int k = 0; k < 12; k++) {
            data.put("key-" + k, "value-" + random.nextInt(10_000));
        }
        return doc;
    }

    /** Every document gets a release change; some get more. */
    private static void releaseChanges(int i, ObjectNode t) {
        ((ObjectNode) t.get("metadata").get("labels")).put("release.upshift.dev/version", "20.1.0");
        String kind = t.get("kind").textValue();
        if (kind.equals("Deployment")) {
            ArrayNode containers = (ArrayNode) t.at("/spec/template/spec/containers");
            ((ObjectNode) containers.get(1)).put("image", "registry.example/shipper:0.10.1");
            if (i % 20 == 3) {
                containers.remove(1);
            }
            if (i % 10 == 4) {
                ((ArrayNode) containers.get(0).get("env")).addObject().put("name", "NEW_FLAG").put("value", "true");
            }
        } else if (kind.equals("AWSMachineTemplate")) {
            ((ObjectNode) t.at("/spec/template/spec/ami")).put("id", "ami-0fedcba9876543210");
        } else {
            ((ObjectNode) t.get("data")).put("key-0", "release-20");
        }
    }

    /** Users and controllers change some documents. */
    private static void userChanges(int i, ObjectNode c, Random random) {
        if (!c.get("kind").textValue().equals("Deployment")) {
            return;
        }
        if (i % 5 == 2) {
            ((ObjectNode) c.get("spec")).put("replicas", 3 + random.nextInt(8));
        }
        if (i % 10 == 5) {
            ((ArrayNode) c.at("/spec/template/spec/containers")).add(container("mesh-proxy", "registry.example/proxy:1.20.3", random, false));
        }
        if (i % 3 == 0) {
            ((ObjectNode) c.get("metadata").get("labels")).put("team.example/on-call", "rotation-" + (i % 4));
        }
        if (i % 50 == 7) {
            ((ObjectNode) c.at("/spec/template/spec/containers/1")).put("image", "registry.example/shipper:0.9.4-hotfix");
        }
    }
}

package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The fabric8 mock server in CRUD mode, filled with Cluster API objects from YAML test resources:
 * what the tests read through, and change (a status moved by "Cluster API", an object deleted).
 */
final class ManagementCluster {
    static final String CORE = "cluster.x-k8s.io/v1beta2";
    static final String KCP = "controlplane.cluster.x-k8s.io/v1beta2";
    static final List<String[]> KINDS = List.of(new String[] {CORE, "Cluster"},
            new String[] {KCP, "KubeadmControlPlane"}, new String[] {CORE, "MachineDeployment"},
            new String[] {CORE, "Machine"}, new String[] {"infrastructure.cluster.x-k8s.io/v1beta2", "DockerMachineTemplate"},
            new String[] {"bootstrap.cluster.x-k8s.io/v1beta2", "KubeadmConfigTemplate"});
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    final KubernetesClient client;
    final KubeObjects objects;

    ManagementCluster(KubernetesClient client) {
        this.client = client;
        this.objects = new KubeObjects(client);
    }

    /** The quick start's cluster with its machines. */
    static ManagementCluster quickStart(KubernetesClient client) {
        ManagementCluster m = new ManagementCluster(client);
        m.load("quickstart.yaml");
        m.load("quickstart-machines.yaml");
        return m;
    }

    void load(String resource) {
        for (ObjectNode o : read(resource)) {
            create(o);
        }
    }

    static List<ObjectNode> read(String resource) {
        try (InputStream in = ManagementCluster.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            List<ObjectNode> out = new ArrayList<>();
            YAML.readerFor(ObjectNode.class).<ObjectNode>readValues(in).forEachRemaining(out::add);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void create(ObjectNode o) {
        client.genericKubernetesResources(KubeObjects.context(Trees.text(o, "apiVersion"), Trees.text(o, "kind")))
                .inNamespace(Trees.text(o, "metadata", "namespace")).resource(objects.resource(o)).create();
    }

    Optional<ObjectNode> get(String apiVersion, String kind, String namespace, String name) {
        return objects.get(apiVersion, kind, namespace, name);
    }

    ObjectNode cluster() {
        return get(CORE, "Cluster", "default", "capi-quickstart").orElseThrow();
    }

    /** Changes a stored object as a controller would (spec or status alike). */
    void update(String apiVersion, String kind, String name, Consumer<ObjectNode> change) {
        ObjectNode o = get(apiVersion, kind, "default", name).orElseThrow();
        change.accept(o);
        client.genericKubernetesResources(KubeObjects.context(apiVersion, kind)).inNamespace("default")
                .resource(objects.resource(o)).update();
    }

    /** The object's controller has seen its latest generation ({@code status.observedGeneration}). */
    void observe(String apiVersion, String kind, String name) {
        update(apiVersion, kind, name, o -> o.withObjectProperty("status").put("observedGeneration",
                o.path("metadata").path("generation").asLong()));
    }

    void delete(String apiVersion, String kind, String name) {
        client.genericKubernetesResources(KubeObjects.context(apiVersion, kind)).inNamespace("default").withName(name)
                .delete();
    }

    /** Every stored object of the kinds the tests use, in a stable order: equal exactly when nothing changed. */
    List<ObjectNode> snapshot() {
        List<ObjectNode> all = new ArrayList<>();
        for (String[] k : KINDS) {
            all.addAll(objects.list(k[0], k[1], Optional.empty(), Map.of()));
        }
        return all;
    }
}

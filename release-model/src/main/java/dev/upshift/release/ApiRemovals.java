package dev.upshift.release;

import static dev.upshift.release.ApiRemoval.guide;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.kind.DocumentKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A table of API removals, looked up by {@code apiVersion} and {@code kind} (docs/planning.md,
 * "Readiness"). {@link #kubernetes()} is Kubernetes' own, written from the Kubernetes deprecated
 * API migration guide (v1.16 to v1.32); {@link #with} adds a fleet's {@code ApiRemoval} documents,
 * each replacing a built-in entry of the same {@code apiVersion} and {@code kind}.
 *
 * <p>Immutable and thread-safe; lookups are constant time.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ApiRemovals {
    /** The component whose version Kubernetes' own removals are judged by. */
    public static final String KUBERNETES = "kubernetes";
    static final String GUIDE = "the Kubernetes deprecated API migration guide";

    /**
     * The {@code ApiRemovals} kind (docs/formats.md), each document read into a table of its own
     * entries; a fleet's tables are added to {@link #kubernetes()} with {@link #with}. Read together,
     * two entries for the same {@code apiVersion} and {@code kind} are an error.
     */
    public static final DocumentKind<ApiRemovals> KIND = DocumentKind.builder("ApiRemovals", ApiRemovalsReader::read)
            .readAllWith(ApiRemovalsReader::readAll).build();

    private static final ApiRemovals BUILT_IN = new ApiRemovals(builtIn());
    private static final ApiRemovals NONE = new ApiRemovals(List.of());

    private final Map<String, ApiRemoval> byApi;

    private ApiRemovals(Collection<ApiRemoval> entries) {
        Map<String, ApiRemoval> m = new LinkedHashMap<>();
        for (ApiRemoval r : entries) {
            m.remove(key(r.apiVersion(), r.kind()));
            m.put(key(r.apiVersion(), r.kind()), r);
        }
        this.byApi = m;
    }

    /** Kubernetes' API removals from v1.16 to v1.32, as the deprecated API migration guide lists them. */
    public static ApiRemovals kubernetes() {
        return BUILT_IN;
    }

    /** A table with no entries. */
    public static ApiRemovals none() {
        return NONE;
    }

    /** This table with {@code more} added, each replacing an entry of the same {@code apiVersion} and {@code kind}. */
    public ApiRemovals with(List<ApiRemoval> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<ApiRemoval> all = new ArrayList<>(byApi.values());
        all.addAll(more);
        return new ApiRemovals(all);
    }

    /** The removal of documents of {@code apiVersion} and {@code kind}, if the table has one. */
    public Optional<ApiRemoval> find(String apiVersion, String kind) {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        return Optional.ofNullable(byApi.get(key(apiVersion, kind)));
    }

    /** Every entry: the built-in ones in the guide's order, then those added, in the order added. */
    public List<ApiRemoval> entries() {
        return List.copyOf(byApi.values());
    }

    /** The entries removed at exactly {@code release} ({@code major.minor}) of {@code component}. */
    public List<ApiRemoval> removedIn(String component, Version release) {
        return byApi.values().stream().filter(r -> r.component().equals(component)
                && r.removedIn().compareMajorMinor(release) == 0).toList();
    }

    /** Whether the table is empty. */
    public boolean isEmpty() {
        return byApi.isEmpty();
    }

    private static String key(String apiVersion, String kind) {
        return apiVersion + ' ' + kind;
    }

    @Override
    public String toString() {
        return byApi.size() + " API removals";
    }

    /**
     * The guide's sections, newest first. Each section names what the release stops serving, what to
     * migrate to and since when; the release that deprecated each API is its
     * {@code prerelease-lifecycle} deprecation (the guide's removal announcements) where the guide is
     * silent.
     */
    private static List<ApiRemoval> builtIn() {
        List<ApiRemoval> t = new ArrayList<>();
        String flow = "flowcontrol.apiserver.k8s.io/";
        for (String kind : List.of("FlowSchema", "PriorityLevelConfiguration")) {
            t.add(guide(flow + "v1beta3", kind, "1.29", "1.32", flow + "v1", "1.29"));
            t.add(guide(flow + "v1beta2", kind, "1.26", "1.29", flow + "v1beta3", "1.26"));
            t.add(guide(flow + "v1beta1", kind, "1.23", "1.26", flow + "v1beta2", "1.23"));
        }
        t.add(guide("storage.k8s.io/v1beta1", "CSIStorageCapacity", "1.24", "1.27", "storage.k8s.io/v1", "1.24"));
        t.add(guide("autoscaling/v2beta2", "HorizontalPodAutoscaler", "1.23", "1.26", "autoscaling/v2", "1.23"));
        v125(t);
        v122(t);
        v116(t);
        return t;
    }

    private static void v125(List<ApiRemoval> t) {
        t.add(guide("batch/v1beta1", "CronJob", "1.21", "1.25", "batch/v1", "1.21"));
        t.add(guide("discovery.k8s.io/v1beta1", "EndpointSlice", "1.21", "1.25", "discovery.k8s.io/v1", "1.21"));
        t.add(guide("events.k8s.io/v1beta1", "Event", "1.22", "1.25", "events.k8s.io/v1", "1.19"));
        t.add(guide("autoscaling/v2beta1", "HorizontalPodAutoscaler", "1.22", "1.25", "autoscaling/v2", "1.23"));
        t.add(guide("policy/v1beta1", "PodDisruptionBudget", "1.21", "1.25", "policy/v1", "1.21"));
        t.add(guide("policy/v1beta1", "PodSecurityPolicy", "1.21", "1.25", null, null));
        t.add(guide("node.k8s.io/v1beta1", "RuntimeClass", "1.22", "1.25", "node.k8s.io/v1", "1.20"));
    }

    private static void v122(List<ApiRemoval> t) {
        String admission = "admissionregistration.k8s.io/";
        t.add(guide(admission + "v1beta1", "MutatingWebhookConfiguration", "1.16", "1.22", admission + "v1", "1.16"));
        t.add(guide(admission + "v1beta1", "ValidatingWebhookConfiguration", "1.16", "1.22", admission + "v1", "1.16"));
        t.add(guide("apiextensions.k8s.io/v1beta1", "CustomResourceDefinition", "1.16", "1.22",
                "apiextensions.k8s.io/v1", "1.16"));
        t.add(guide("apiregistration.k8s.io/v1beta1", "APIService", "1.19", "1.22", "apiregistration.k8s.io/v1", "1.10"));
        t.add(guide("authentication.k8s.io/v1beta1", "TokenReview", "1.19", "1.22", "authentication.k8s.io/v1", "1.6"));
        for (String kind : List.of("LocalSubjectAccessReview", "SelfSubjectAccessReview", "SubjectAccessReview",
                "SelfSubjectRulesReview")) {
            t.add(guide("authorization.k8s.io/v1beta1", kind, "1.19", "1.22", "authorization.k8s.io/v1", "1.6"));
        }
        t.add(guide("certificates.k8s.io/v1beta1", "CertificateSigningRequest", "1.19", "1.22",
                "certificates.k8s.io/v1", "1.19"));
        t.add(guide("coordination.k8s.io/v1beta1", "Lease", "1.19", "1.22", "coordination.k8s.io/v1", "1.14"));
        t.add(guide("extensions/v1beta1", "Ingress", "1.14", "1.22", "networking.k8s.io/v1", "1.19"));
        t.add(guide("networking.k8s.io/v1beta1", "Ingress", "1.19", "1.22", "networking.k8s.io/v1", "1.19"));
        t.add(guide("networking.k8s.io/v1beta1", "IngressClass", "1.19", "1.22", "networking.k8s.io/v1", "1.19"));
        for (String kind : List.of("ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding")) {
            t.add(guide("rbac.authorization.k8s.io/v1beta1", kind, "1.17", "1.22", "rbac.authorization.k8s.io/v1",
                    "1.8"));
        }
        t.add(guide("scheduling.k8s.io/v1beta1", "PriorityClass", "1.14", "1.22", "scheduling.k8s.io/v1", "1.14"));
        String storage = "storage.k8s.io/";
        t.add(guide(storage + "v1beta1", "CSIDriver", "1.19", "1.22", storage + "v1", "1.19"));
        t.add(guide(storage + "v1beta1", "CSINode", "1.17", "1.22", storage + "v1", "1.17"));
        t.add(guide(storage + "v1beta1", "StorageClass", "1.19", "1.22", storage + "v1", "1.6"));
        t.add(guide(storage + "v1beta1", "VolumeAttachment", "1.19", "1.22", storage + "v1", "1.13"));
    }

    private static void v116(List<ApiRemoval> t) {
        t.add(guide("extensions/v1beta1", "NetworkPolicy", "1.9", "1.16", "networking.k8s.io/v1", "1.8"));
        t.add(guide("extensions/v1beta1", "PodSecurityPolicy", "1.11", "1.16", "policy/v1beta1", "1.10"));
        for (String api : List.of("extensions/v1beta1", "apps/v1beta2")) {
            t.add(guide(api, "DaemonSet", "1.9", "1.16", "apps/v1", "1.9"));
        }
        for (String api : List.of("extensions/v1beta1", "apps/v1beta1", "apps/v1beta2")) {
            t.add(guide(api, "Deployment", "1.9", "1.16", "apps/v1", "1.9"));
        }
        for (String api : List.of("apps/v1beta1", "apps/v1beta2")) {
            t.add(guide(api, "StatefulSet", "1.9", "1.16", "apps/v1", "1.9"));
        }
        for (String api : List.of("extensions/v1beta1", "apps/v1beta1", "apps/v1beta2")) {
            t.add(guide(api, "ReplicaSet", "1.9", "1.16", "apps/v1", "1.9"));
        }
    }
}

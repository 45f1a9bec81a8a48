package dev.upshift.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Judges the requests a replica made against deploy/rbac.yaml as the API server's RBAC would: the
 * Role in its namespace, the ClusterRole anywhere; a verb from the method (a GET of a collection is a
 * list, or a watch), a resource and subresource from the path, and resource names where a rule names
 * them.
 */
final class RbacCheck {
    private final Role role;
    private final ClusterRole clusterRole;

    private RbacCheck(Role role, ClusterRole clusterRole) {
        this.role = role;
        this.clusterRole = clusterRole;
    }

    static RbacCheck deployed() throws IOException {
        List<HasMetadata> objects = ManifestsTest.read("rbac.yaml");
        return new RbacCheck(objects.stream().filter(Role.class::isInstance).map(Role.class::cast).findFirst().orElseThrow(),
                objects.stream().filter(ClusterRole.class::isInstance).map(ClusterRole.class::cast).findFirst()
                        .orElseThrow());
    }

    /** The requests RBAC would refuse, each as {@code VERB group/resource[/sub] [namespace] [name]}. */
    List<String> refused(List<RecordedRequest> requests) {
        List<String> out = new ArrayList<>();
        for (RecordedRequest r : requests) {
            Access a = Access.of(r);
            if (a == null) {
                continue;
            }
            boolean ok = allows(clusterRole.getRules(), a)
                    || (OperatorWorld.NAMESPACE.equals(a.namespace) && allows(role.getRules(), a));
            if (!ok) {
                out.add(a.toString());
            }
        }
        return out.stream().distinct().toList();
    }

    private static boolean allows(List<PolicyRule> rules, Access a) {
        return rules.stream().anyMatch(rule -> rule.getApiGroups().contains(a.group)
                && rule.getResources().contains(a.resource) && rule.getVerbs().contains(a.verb)
                && (rule.getResourceNames() == null || rule.getResourceNames().isEmpty()
                        || (a.name != null && rule.getResourceNames().contains(a.name))));
    }

    private record Access(String verb, String group, String resource, String namespace, String name) {
        static Access of(RecordedRequest r) {
            String path = r.getPath();
            int q = path.indexOf('?');
            String query = q < 0 ? "" : path.substring(q + 1);
            List<String> p = new ArrayList<>(List.of((q < 0 ? path : path.substring(0, q)).substring(1).split("/")));
            String group;
            if (p.get(0).equals("api")) {
                group = "";
                p = p.subList(2, p.size());
            } else if (p.get(0).equals("apis") && p.size() > 3) {
                group = p.get(1);
                p = p.subList(3, p.size());
            } else {
                return null;
            }
            String namespace = null;
            if (p.size() >= 2 && p.get(0).equals("namespaces")) {
                namespace = p.get(1);
                p = p.subList(2, p.size());
            }
            if (p.isEmpty()) {
                return null;
            }
            String resource = p.get(0) + (p.size() > 2 ? "/" + p.get(2) : "");
            String name = p.size() > 1 ? p.get(1) : null;
            String verb = switch (r.getMethod()) {
                case "GET" -> name != null ? "get" : query.contains("watch=true") ? "watch" : "list";
                case "POST" -> "create";
                case "PUT" -> "update";
                case "PATCH" -> "patch";
                case "DELETE" -> "delete";
                default -> r.getMethod();
            };
            return new Access(verb, group, resource, namespace, name);
        }

        @Override
        public String toString() {
            return verb + " " + group + "/" + resource + Optional.ofNullable(namespace).map(n -> " in " + n).orElse("")
                    + Optional.ofNullable(name).map(n -> " " + n).orElse("");
        }
    }
}

package dev.upshift.core.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.upshift.common.kind.ApiVersions;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.release.Version;
import dev.upshift.spi.Manifest;
import dev.upshift.spi.ReadinessAcceptance;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a {@code ManagedCluster}'s readiness fields: {@code spec.manifestsFrom}, a path or a list of
 * paths (folders or files) of the manifests deployed into the cluster, found through
 * {@link ResourceFolders#manifests} under {@code resourcesFrom}'s rules; and
 * {@code spec.readiness.accept}, the findings a person accepted (docs/formats.md).
 */
final class ManifestsReader {
    private static final String FIELD = "manifestsFrom";
    private static final String UPSHIFT_GROUP = ApiVersions.CURRENT.substring(0, ApiVersions.CURRENT.indexOf('/') + 1);

    private ManifestsReader() {}

    /** The documents of every path of {@code spec.manifestsFrom}, in the order written. */
    static List<Manifest> read(ObjectView spec, SourceDocument cluster, ResourceFolders folders, Problems problems) {
        Optional<JsonNode> raw = spec.raw(FIELD);
        if (raw.isEmpty()) {
            return List.of();
        }
        List<String[]> paths = new ArrayList<>(); // {path, pointer, field}
        if (raw.get().isTextual()) {
            paths.add(new String[] {raw.get().textValue(), "/spec/" + FIELD, spec.fieldPath(FIELD)});
        } else if (raw.get() instanceof ArrayNode items) {
            for (int i = 0; i < items.size(); i++) {
                String pointer = "/spec/" + FIELD + "/" + i;
                String field = spec.fieldPath(FIELD) + "[" + i + "]";
                if (items.get(i).isTextual()) {
                    paths.add(new String[] {items.get(i).textValue(), pointer, field});
                } else {
                    problems.error(cluster.locate(pointer), field, "expected a path relative to this file, got "
                            + items.get(i).getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
                }
            }
        } else {
            spec.error(FIELD, "expected a path, or a list of paths, of the folders or files deployed into the cluster");
            return List.of();
        }
        List<Manifest> out = new ArrayList<>();
        for (String[] p : paths) {
            if (p[0].isBlank()) {
                problems.error(cluster.locate(p[1]), p[2], "must name a folder or file of the manifests deployed into"
                        + " the cluster, relative to this file");
                continue;
            }
            for (SourceDocument d : folders.manifests(cluster, p[1], p[2], p[0], problems)) {
                manifests(d, "", d.root(), problems, out);
            }
        }
        return out;
    }

    private static void manifests(SourceDocument d, String pointer, JsonNode node, Problems problems, List<Manifest> out) {
        String apiVersion = node.path("apiVersion").asText("");
        String kind = node.path("kind").asText("");
        if (!node.path("apiVersion").isTextual() || !node.path("kind").isTextual() || apiVersion.isBlank()
                || kind.isBlank()) {
            problems.error(d.locate(pointer), pointer.isEmpty() ? "apiVersion" : pointer.substring(1) + "/apiVersion",
                    "a manifest deployed into the cluster needs an apiVersion and a kind, as every Kubernetes document");
            return;
        }
        if (apiVersion.startsWith(UPSHIFT_GROUP)) {
            problems.error(d.locate(pointer + "/apiVersion"), "apiVersion", "an Upshift " + kind + " among the manifests"
                    + " of a cluster; manifestsFrom names the Kubernetes documents deployed into it");
            return;
        }
        if (kind.equals("List") && node.path("items") instanceof ArrayNode items) {
            for (int i = 0; i < items.size(); i++) {
                manifests(d, pointer + "/items/" + i, items.get(i), problems, out);
            }
            return;
        }
        out.add(new Manifest(apiVersion, kind, node.path("metadata").path("name").asText(""), d.locate(pointer)));
    }

    /** {@code spec.readiness}: {@code accept}, a list of {apiVersion, kind, to, by, reason}, each required. */
    static List<ReadinessAcceptance> accepted(ObjectView spec) {
        Optional<ObjectView> readiness = spec.object("readiness");
        if (readiness.isEmpty()) {
            return List.of();
        }
        List<ReadinessAcceptance> out = new ArrayList<>();
        for (ObjectView item : readiness.get().objects("accept")) {
            Optional<String> apiVersion = required(item, "apiVersion", "the apiVersion whose removal is accepted,"
                    + " such as batch/v1beta1");
            Optional<String> kind = required(item, "kind", "the kind, such as CronJob");
            Optional<Version> to = item.requiredParsed("to", Version::parse);
            Optional<String> by = required(item, "by", "who accepts the finding; an acceptance is on the record");
            Optional<String> reason = required(item, "reason", "why the finding is accepted; an acceptance is on the"
                    + " record");
            item.rejectUnknownFields(List.of("apiVersion", "kind", "to", "by", "reason"));
            if (apiVersion.isPresent() && kind.isPresent() && to.isPresent() && by.isPresent() && reason.isPresent()) {
                out.add(new ReadinessAcceptance(apiVersion.get(), kind.get(), to.get(), by.get(), reason.get(),
                        item.location()));
            }
        }
        readiness.get().rejectUnknownFields(List.of("accept"));
        return out;
    }

    private static Optional<String> required(ObjectView item, String field, String what) {
        Optional<String> value = item.requiredString(field);
        if (value.isPresent() && value.get().isBlank()) {
            item.error(field, "must not be empty: " + what);
            return Optional.empty();
        }
        return value;
    }
}

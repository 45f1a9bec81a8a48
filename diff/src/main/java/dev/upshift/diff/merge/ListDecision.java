package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.ListType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How the merge matched the items of one list, and what decided it: a field rule, the built-in
 * table of Kubernetes and Cluster API lists, the {@code name} field, or nothing (the list is then
 * one value). The merge records one for every list whose cluster and target values differ, which
 * are the lists it has to match item by item ({@link MergeResult#listDecisions()}).
 *
 * @param document the document
 * @param path the list's path
 * @param type how the items are matched: by key ({@code map}), by value ({@code set}), or not at all
 *     ({@code atomic}: the list is one value)
 * @param keys the key fields of a map list; empty otherwise
 * @param keyDefaults the value a key field has when an item leaves it out
 * @param decidedBy what decided
 * @param rule the field rule that decided, for {@link DecidedBy#RULE}
 * @param explanation the decision's source in words: the rule, the table entry
 *     ({@code Kubernetes 1.36: core.v1.Container.ports}), and why a table entry did not fit
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ListDecision(DocumentId document, FieldPath path, ListType type, List<String> keys,
        Map<String, JsonNode> keyDefaults, DecidedBy decidedBy, Optional<FieldRule> rule, String explanation) {

    /** What decided how a list's items are matched. */
    public enum DecidedBy {
        /** A field rule's {@code listKeys} or {@code listType}. */
        RULE,
        /** The built-in table (the API server's own declaration), or that table's entry could not key these items. */
        BUILT_IN,
        /** Neither: every item is a mapping with a scalar {@code name}, unique within its list. */
        NAME_FIELD,
        /** Nothing: the list is one value. */
        NO_KEY
    }

    /** Validates and copies the parts. */
    public ListDecision {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(type, "type");
        keys = List.copyOf(keys);
        keyDefaults = Collections.unmodifiableMap(new LinkedHashMap<>(keyDefaults));
        Objects.requireNonNull(decidedBy, "decidedBy");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(explanation, "explanation");
    }

    /**
     * The decision in words: {@code keyed by containerPort, protocol (protocol defaults to TCP)},
     * {@code matched by value (a set)} or {@code one value (atomic)}.
     */
    public String matching() {
        return switch (type) {
            case MAP -> {
                StringBuilder s = new StringBuilder("keyed by ").append(String.join(", ", keys));
                keyDefaults.forEach((k, v) -> s.append(" (").append(k).append(" defaults to ").append(v.asText())
                        .append(')'));
                yield s.toString();
            }
            case SET -> "matched by value (a set)";
            case ATOMIC -> "one value (atomic)";
        };
    }
}

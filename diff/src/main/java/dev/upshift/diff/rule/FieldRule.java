package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.path.PathPattern;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One field rule: for the fields a {@link PathPattern} matches in the documents a
 * {@link DocumentMatch} selects, how the three-way merge treats them.
 *
 * <p>Settings left unset fall through to the next most specific rule that sets them, and finally
 * to the defaults ({@code onConflict: fail}, {@code mutable: true}, {@code ignore: false}, the
 * merge's default impact). {@code onConflict}, {@code mutable}, {@code impact} and {@code ignore}
 * apply to the matched field and everything below it; {@code listKeys} and {@code listType} apply
 * to the matched list only. See {@link FieldRules} for the order of specificity.
 *
 * <p>{@code sensitive} is not decided by specificity: a field is sensitive when any rule that
 * matches it or a field above it says so, or when it is a {@code Secret}'s {@code data} or
 * {@code stringData} (built in). Outputs meant for people then show a fingerprint in place of its
 * value ({@link dev.upshift.diff.merge.SensitiveValues}); no rule can make a field less sensitive.
 *
 * @param match the documents the rule applies to
 * @param path the fields it applies to
 * @param onConflict what a conflict does, if set
 * @param mutability whether the field may change at all ({@code mutable}), if set
 * @param impact what changing the field costs, if set
 * @param listKeys the fields that identify an item of the matched list; empty when unset
 * @param listType how the matched list's items are matched, if set ({@code map} is implied by
 *     {@code listKeys})
 * @param keyDefaults the value a key field has when an item leaves it out ({@code protocol: TCP}, as
 *     the API server fills it in), by key field; empty when unset. Only for key fields of a map list
 * @param merging whether the field is merged or ignored ({@code ignore}: never diffed nor merged, the
 *     cluster's value stays), if set
 * @param location where the rule was written ({@code SourceLocation.of("")} for rules built in code)
 * @param sensitive whether the matched fields, and everything below them, hold values that outputs
 *     for people must never show ({@code sensitive: true}); false when unset
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FieldRule(DocumentMatch match, PathPattern path, Optional<OnConflict> onConflict,
        Optional<Mutability> mutability, Optional<Impact> impact, List<String> listKeys, Optional<ListType> listType,
        Map<String, JsonNode> keyDefaults, Optional<Merging> merging, SourceLocation location, boolean sensitive) {
    /**
     * Validates the rule: it sets something; {@code listKeys} are distinct non-empty names, go only
     * with {@code listType: map} and name a list (not a list item); {@code listType} names a list too;
     * {@code keyDefaults} give a scalar to key fields of the list ({@code listKeys}, or {@code name}
     * for {@code listType: map} without them). The key defaults are copied in their order.
     */
    public FieldRule {
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(onConflict, "onConflict");
        Objects.requireNonNull(mutability, "mutability");
        Objects.requireNonNull(impact, "impact");
        listKeys = List.copyOf(listKeys);
        Objects.requireNonNull(listType, "listType");
        keyDefaults = Collections.unmodifiableMap(new LinkedHashMap<>(keyDefaults));
        Objects.requireNonNull(merging, "merging");
        Objects.requireNonNull(location, "location");
        Optional<String> problem = FieldRuleChecks.listProblem(path, listKeys, listType);
        if (problem.isEmpty()) {
            problem = FieldRuleChecks.keyDefaultsProblem(listKeys, listType, keyDefaults);
        }
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
        if (onConflict.isEmpty() && mutability.isEmpty() && impact.isEmpty() && listKeys.isEmpty()
                && listType.isEmpty() && merging.isEmpty() && !sensitive) {
            throw new IllegalArgumentException(FieldRuleChecks.NOTHING_SET);
        }
    }

    /** Starts a rule for the fields a pattern matches, in every document. */
    public static Builder forPath(String pathPattern) {
        return new Builder(PathPattern.parse(pathPattern));
    }

    /**
     * Whether {@code other} has the same match and the same path as this rule: of two such rules
     * only the first could ever decide, so a set of rules holds at most one of them.
     */
    public boolean sameTarget(FieldRule other) {
        return match.equals(other.match) && path.text().equals(other.path.text());
    }

    /** {@code {kind: X} spec.path (file:line:col)}, for reports. */
    public String describe() {
        String where = location.source().isEmpty() ? "" : " (" + location + ")";
        return (match.equals(DocumentMatch.any()) ? "" : match + " ") + path + where;
    }

    /** Builds a {@link FieldRule} in code; {@link #build()} validates. */
    public static final class Builder {
        private final PathPattern path;
        private DocumentMatch match = DocumentMatch.any();
        private Optional<OnConflict> onConflict = Optional.empty();
        private Optional<Mutability> mutability = Optional.empty();
        private Optional<Impact> impact = Optional.empty();
        private List<String> listKeys = new ArrayList<>();
        private Optional<ListType> listType = Optional.empty();
        private final Map<String, JsonNode> keyDefaults = new LinkedHashMap<>();
        private Optional<Merging> merging = Optional.empty();
        private boolean sensitive;

        private Builder(PathPattern path) {
            this.path = path;
        }

        /** Applies the rule only to matching documents. */
        public Builder match(DocumentMatch m) {
            this.match = Objects.requireNonNull(m, "match");
            return this;
        }

        /** Applies the rule only to documents of a kind. */
        public Builder kind(String kind) {
            return match(match.withKind(kind));
        }

        /** Sets what a conflict does. */
        public Builder onConflict(OnConflict value) {
            this.onConflict = Optional.of(value);
            return this;
        }

        /**
         * Makes a change below the path replace the document instead ({@code immutable: rotate}):
         * see {@link Mutability#ROTATE}.
         */
        public Builder rotate() {
            this.mutability = Optional.of(Mutability.ROTATE);
            return this;
        }

        /** Sets whether the field may change ({@code mutable: value}). */
        public Builder mutable(boolean value) {
            this.mutability = Optional.of(Mutability.of(value));
            return this;
        }

        /** Sets what changing the field costs. */
        public Builder impact(Impact value) {
            this.impact = Optional.of(value);
            return this;
        }

        /** Sets the key fields of the matched list. */
        public Builder listKeys(String... keys) {
            this.listKeys = List.of(keys);
            return this;
        }

        /** Sets how the matched list's items are matched. */
        public Builder listType(ListType value) {
            this.listType = Optional.of(value);
            return this;
        }

        /** Gives a key field the value it has when an item leaves it out ({@code keyDefault("protocol", "TCP")}). */
        public Builder keyDefault(String keyField, String value) {
            return keyDefault(keyField, TextNode.valueOf(value));
        }

        /** Gives a key field the (scalar) value it has when an item leaves it out. */
        public Builder keyDefault(String keyField, JsonNode value) {
            keyDefaults.put(Objects.requireNonNull(keyField, "keyField"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Sets whether the field is ignored ({@code ignore: value}). */
        public Builder ignore(boolean value) {
            this.merging = Optional.of(Merging.ofIgnore(value));
            return this;
        }

        /** Marks the fields sensitive ({@code sensitive: true}): outputs for people never show their values. */
        public Builder sensitive() {
            this.sensitive = true;
            return this;
        }

        /**
         * The rule.
         *
         * @throws IllegalArgumentException when the settings contradict each other or set nothing
         */
        public FieldRule build() {
            return new FieldRule(match, path, onConflict, mutability, impact, listKeys, listType, keyDefaults, merging,
                    SourceLocation.of(""), sensitive);
        }
    }
}

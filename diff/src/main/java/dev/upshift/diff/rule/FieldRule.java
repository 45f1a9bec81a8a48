package dev.upshift.diff.rule;

import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.path.PathPattern;

import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.Problem;
import dev.upshift.diff.problem.SourceLocation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
 * @param match the documents the rule applies to
 * @param path the fields it applies to
 * @param onConflict what a conflict does, if set
 * @param mutability whether the field may change at all ({@code mutable}), if set
 * @param impact what changing the field costs, if set
 * @param listKeys the fields that identify an item of the matched list; empty when unset
 * @param listType how the matched list's items are matched, if set ({@code map} is implied by
 *     {@code listKeys})
 * @param merging whether the field is merged or ignored ({@code ignore}: never diffed nor merged, the
 *     cluster's value stays), if set
 * @param location where the rule was written ({@code SourceLocation.of("")} for rules built in code)
 */
public record FieldRule(DocumentMatch match, PathPattern path, Optional<OnConflict> onConflict,
        Optional<Mutability> mutability, Optional<Impact> impact, List<String> listKeys, Optional<ListType> listType,
        Optional<Merging> merging, SourceLocation location) {
    private static final List<String> FIELDS = List.of(
            "match", "path", "onConflict", "mutable", "impact", "listKeys", "listType", "ignore");

    /**
     * Validates the rule: it sets something; {@code listKeys} are distinct non-empty names, go only
     * with {@code listType: map} and name a list (not a list item); {@code listType} names a list too.
     */
    public FieldRule {
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(onConflict, "onConflict");
        Objects.requireNonNull(mutability, "mutability");
        Objects.requireNonNull(impact, "impact");
        listKeys = List.copyOf(listKeys);
        Objects.requireNonNull(listType, "listType");
        Objects.requireNonNull(merging, "merging");
        Objects.requireNonNull(location, "location");
        listProblem(path, listKeys, listType).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
        if (onConflict.isEmpty() && mutability.isEmpty() && impact.isEmpty() && listKeys.isEmpty()
                && listType.isEmpty() && merging.isEmpty()) {
            throw new IllegalArgumentException(NOTHING_SET);
        }
    }

    private static final String NOTHING_SET =
            "the rule sets nothing; give at least one of onConflict, mutable, impact, listKeys, listType, ignore";

    private static Optional<String> listProblem(PathPattern path, List<String> listKeys, Optional<ListType> listType) {
        if (new HashSet<>(listKeys).size() != listKeys.size() || listKeys.stream().anyMatch(String::isEmpty)) {
            return Optional.of("listKeys must be distinct, non-empty field names");
        }
        if (!listKeys.isEmpty() && listType.isPresent() && listType.get() != ListType.MAP) {
            return Optional.of("listKeys go with listType: map, not " + listType.get());
        }
        if ((!listKeys.isEmpty() || listType.isPresent()) && path.endsWithItem()) {
            return Optional.of((listKeys.isEmpty() ? "listType" : "listKeys") + " needs the path of a list, but '"
                    + path + "' ends at a list item; remove the last [..] step");
        }
        return Optional.empty();
    }

    /** Starts a rule for the fields a pattern matches, in every document. */
    public static Builder forPath(String pathPattern) {
        return new Builder(PathPattern.parse(pathPattern));
    }

    /**
     * Reads one item of a {@code fieldRules} list (of a Release or a {@code FieldRules} document):
     * {@code match} (optional {@code apiVersion}, {@code kind}, {@code name}), {@code path}
     * (required), {@code onConflict} ({@code overwrite|keep|fail}), {@code mutable},
     * {@code impact} ({@code none|inPlace|rolling|replace}), {@code listKeys}, {@code listType}
     * ({@code map|set|atomic}), {@code ignore}. Every problem (a bad pattern, an unknown word, list
     * settings on a list item, an unknown field) is recorded on the view with its position.
     *
     * @return the rule, or empty when the item has an error
     */
    public static Optional<FieldRule> read(ObjectView item) {
        int before = item.problems().all().size();
        DocumentMatch match = item.object("match").map(DocumentMatch::read).orElse(DocumentMatch.any());
        Optional<PathPattern> path = item.requiredParsed("path", PathPattern::parse);
        Optional<OnConflict> onConflict = item.choice("onConflict", OnConflict.words());
        Optional<Mutability> mutability = item.bool("mutable").map(Mutability::of);
        Optional<Impact> impact = item.choice("impact", Impact.words());
        List<String> listKeys = item.strings("listKeys");
        if (item.has("listKeys") && item.node().get("listKeys").isArray() && item.node().get("listKeys").isEmpty()) {
            item.error("listKeys", "must name at least one key field; leave it out to use the default (name)");
        }
        Optional<ListType> listType = item.choice("listType", ListType.words());
        Optional<Merging> merging = item.bool("ignore").map(Merging::ofIgnore);
        item.rejectUnknownFields(FIELDS);
        if (path.isPresent()) {
            listProblem(path.get(), listKeys, listType)
                    .ifPresent(m -> item.error(item.has("listKeys") ? "listKeys" : "listType", m));
        }
        if (FIELDS.subList(2, FIELDS.size()).stream().noneMatch(f -> item.node().has(f))) {
            item.error(NOTHING_SET);
        }
        boolean errors = item.problems().all().subList(before, item.problems().all().size()).stream()
                .anyMatch(Problem::isError);
        if (errors || path.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new FieldRule(match, path.get(), onConflict, mutability, impact, listKeys, listType, merging,
                item.location()));
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
        private Optional<Merging> merging = Optional.empty();

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

        /** Sets whether the field is ignored ({@code ignore: value}). */
        public Builder ignore(boolean value) {
            this.merging = Optional.of(Merging.ofIgnore(value));
            return this;
        }

        /**
         * The rule.
         *
         * @throws IllegalArgumentException when the settings contradict each other or set nothing
         */
        public FieldRule build() {
            return new FieldRule(match, path, onConflict, mutability, impact, listKeys, listType, merging,
                    SourceLocation.of(""));
        }
    }
}

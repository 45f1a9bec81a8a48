package dev.upshift.common.kind;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.problem.Suggestions;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The chains of {@link Migration}s that bring older documents forward to the {@code apiVersion}
 * each kind is read at.
 *
 * <p>{@link #migrate} applies, in order, the step that reads the document's {@code apiVersion},
 * then the step that reads the result, until the current version is reached. A document already at
 * the current version is returned unchanged, which makes the whole chain idempotent. Immutable and
 * thread-safe once built.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Migrations {
    private final Map<String, String> current;
    private final Map<String, Migration> steps;

    private Migrations(Map<String, String> current, Map<String, Migration> steps) {
        this.current = Map.copyOf(current);
        this.steps = Map.copyOf(steps);
    }

    /**
     * Builds the chains.
     *
     * @param current for each kind, the {@code apiVersion} documents are read at
     * @param migrations every step; at most one may read a given kind and version, and following
     *     the steps from any version must reach the kind's current version without a cycle
     * @throws IllegalArgumentException when the steps are ambiguous, cyclic or lead nowhere
     */
    public static Migrations of(Map<String, String> current, List<Migration> migrations) {
        Map<String, Migration> steps = new HashMap<>();
        for (Migration m : migrations) {
            if (!current.containsKey(m.kind())) {
                throw new IllegalArgumentException("migration for unknown kind " + m.kind());
            }
            if (steps.put(key(m.kind(), m.fromApiVersion()), m) != null) {
                throw new IllegalArgumentException("two migrations read " + m.kind() + " " + m.fromApiVersion());
            }
        }
        Migrations result = new Migrations(current, steps);
        for (Migration m : migrations) {
            result.chain(m.kind(), m.fromApiVersion())
                    .orElseThrow(() -> new IllegalArgumentException("the migrations from " + m.kind() + " "
                            + m.fromApiVersion() + " do not reach " + current.get(m.kind())));
        }
        return result;
    }

    /** No migrations: every kind is read only at its current version. */
    public static Migrations none(Map<String, String> current) {
        return of(current, List.of());
    }

    /** The kinds known, with the {@code apiVersion} each is read at. */
    public Map<String, String> currentVersions() {
        return current;
    }

    /**
     * Brings a document to its kind's current version. An unknown kind, an unknown version or a
     * failing step records a problem and returns empty.
     */
    public Optional<SourceDocument> migrate(SourceDocument document, Problems problems) {
        String kind = document.kind();
        String target = current.get(kind);
        SourceLocation at = document.locate("/kind");
        if (kind.isEmpty()) {
            problems.error(document.location(), "kind", "missing kind; expected one of: " + String.join(", ", sorted(current.keySet())));
            return Optional.empty();
        }
        if (target == null) {
            problems.error(at, "kind", "unknown kind '" + kind + "'"
                    + Suggestions.hint(kind, sorted(current.keySet()), "; expected one of: "));
            return Optional.empty();
        }
        String version = document.apiVersion();
        if (version.equals(target)) {
            return Optional.of(document);
        }
        Optional<List<Migration>> chain = chain(kind, version);
        if (chain.isEmpty()) {
            problems.error(document.locate("/apiVersion"), "apiVersion", (version.isEmpty() ? "missing apiVersion" : "unknown apiVersion '" + version + "'")
                    + " for kind " + kind + "; expected " + target + supported(kind));
            return Optional.empty();
        }
        ObjectNode tree = document.root().deepCopy();
        Set<String> legacy = new HashSet<>();
        Problems stepProblems = new Problems();
        for (Migration m : chain.get()) {
            m.migrate(tree, document, stepProblems);
            tree.put("apiVersion", m.toApiVersion());
            legacy.addAll(m.legacyFields());
        }
        problems.addAll(stepProblems.all());
        if (stepProblems.hasErrors()) {
            return Optional.empty();
        }
        return Optional.of(document.withRoot(tree).withLegacyFields(legacy));
    }

    private Optional<List<Migration>> chain(String kind, String from) {
        String target = current.get(kind);
        List<Migration> chain = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String version = from;
        while (!version.equals(target)) {
            if (!seen.add(version)) {
                return Optional.empty();
            }
            Migration step = steps.get(key(kind, version));
            if (step == null) {
                return Optional.empty();
            }
            chain.add(step);
            version = step.toApiVersion();
        }
        return Optional.of(chain);
    }

    private String supported(String kind) {
        List<String> older = new ArrayList<>();
        for (Migration m : steps.values()) {
            if (m.kind().equals(kind)) {
                older.add(m.fromApiVersion());
            }
        }
        return older.isEmpty() ? "" : " (or an older one it migrates: " + String.join(", ", sorted(older)) + ")";
    }

    private static List<String> sorted(java.util.Collection<String> c) {
        return c.stream().sorted().toList();
    }

    private static String key(String kind, String version) {
        return kind + "\u0000" + version;
    }
}

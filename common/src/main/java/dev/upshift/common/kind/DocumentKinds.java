package dev.upshift.common.kind;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.Suggestions;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A registry of {@link DocumentKind}s: what a tool that reads folders of mixed documents knows how
 * to read.
 *
 * <p>{@link #check} is the header check for a whole input: a document whose {@code kind} is not
 * registered is an error that names the closest registered kind ("did you mean 'Release'?") or
 * lists them all; a document of a registered kind goes through that kind's
 * {@link DocumentKind#check}. {@link #readAll} then reads the documents of every kind, in
 * registration order, and returns the values by kind.
 *
 * <h2>Adding a kind</h2>
 * A kind is one constant and one registration: declare {@code public static final DocumentKind<X>
 * KIND} next to the type it reads into, with its reader, and add it where the registry is built
 * ({@code FleetKinds} in core for the documents of a fleet, or {@link #with} for a tool of one's
 * own). Registering two kinds of the same name is rejected.
 *
 * <p>Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DocumentKinds {
    private final Map<String, DocumentKind<?>> kinds;
    private final Migrations migrations;

    private DocumentKinds(Map<String, DocumentKind<?>> kinds) {
        this.kinds = kinds;
        Map<String, String> current = new TreeMap<>();
        List<Migration> steps = new ArrayList<>();
        for (DocumentKind<?> k : kinds.values()) {
            current.put(k.name(), k.apiVersion());
            steps.addAll(k.steps());
        }
        this.migrations = Migrations.of(current, steps);
    }

    /**
     * A registry of the given kinds, in this order.
     *
     * @throws IllegalArgumentException when two kinds have the same name
     */
    public static DocumentKinds of(DocumentKind<?>... kinds) {
        return of(Arrays.asList(kinds));
    }

    /**
     * A registry of the given kinds, in this order.
     *
     * @throws IllegalArgumentException when two kinds have the same name
     */
    public static DocumentKinds of(List<? extends DocumentKind<?>> kinds) {
        Map<String, DocumentKind<?>> byName = new LinkedHashMap<>();
        for (DocumentKind<?> k : kinds) {
            if (byName.putIfAbsent(k.name(), k) != null) {
                throw new IllegalArgumentException("kind " + k.name() + " is registered twice");
            }
        }
        return new DocumentKinds(byName);
    }

    /**
     * This registry and one more kind.
     *
     * @throws IllegalArgumentException when a kind of that name is registered already
     */
    public DocumentKinds with(DocumentKind<?> kind) {
        List<DocumentKind<?>> all = new ArrayList<>(kinds.values());
        all.add(kind);
        return of(all);
    }

    /** The kinds, in registration order. */
    public List<DocumentKind<?>> kinds() {
        return List.copyOf(kinds.values());
    }

    /** The names of the kinds, sorted. */
    public List<String> names() {
        return kinds.keySet().stream().sorted().toList();
    }

    /** The kind of this name, if registered. */
    public Optional<DocumentKind<?>> get(String name) {
        return Optional.ofNullable(kinds.get(name));
    }

    /** The registered kind closest to a misspelt name, if one is close enough to suggest. */
    public Optional<String> suggest(String name) {
        return Suggestions.closest(name, names());
    }

    /** The migrations of every registered kind, as one set of chains. */
    public Migrations migrations() {
        return migrations;
    }

    /**
     * The header check of one document: the document at its kind's current {@code apiVersion}, or
     * empty with a problem when it has no {@code kind}, a kind not registered (with the closest
     * name suggested) or a version its kind cannot read.
     */
    public Optional<SourceDocument> check(SourceDocument document, Problems problems) {
        return migrations.migrate(document, problems);
    }

    /** The header check of every document; returns those that pass, at their current versions, in order. */
    public List<SourceDocument> check(List<SourceDocument> documents, Problems problems) {
        List<SourceDocument> out = new ArrayList<>();
        for (SourceDocument d : documents) {
            check(d, problems).ifPresent(out::add);
        }
        return out;
    }

    /**
     * Checks the header of every document, then reads the documents of each kind (together, where
     * the kind checks its documents against each other), kind by kind in registration order.
     *
     * @return the values without errors, by kind; {@code problems} holds every problem found
     */
    public Values readAll(List<SourceDocument> documents, Problems problems) {
        List<SourceDocument> current = check(documents, problems);
        Map<String, List<?>> values = new LinkedHashMap<>();
        for (DocumentKind<?> kind : kinds.values()) {
            List<SourceDocument> mine = current.stream().filter(d -> d.kind().equals(kind.name())).toList();
            values.put(kind.name(), kind.readChecked(mine, problems));
        }
        return new Values(this, values);
    }

    /** The kind names, sorted. */
    @Override
    public String toString() {
        return names().toString();
    }

    /** What {@link #readAll} read, by kind. Immutable. */
    public static final class Values {
        private final DocumentKinds registry;
        private final Map<String, List<?>> byKind;

        private Values(DocumentKinds registry, Map<String, List<?>> byKind) {
            this.registry = registry;
            this.byKind = Map.copyOf(byKind);
        }

        /**
         * The values of one kind without errors, in input order.
         *
         * @throws IllegalArgumentException when the kind is not the one registered under its name
         */
        @SuppressWarnings("unchecked") // readAll stored the values this same kind read
        public <T> List<T> of(DocumentKind<T> kind) {
            if (registry.kinds.get(kind.name()) != kind) {
                throw new IllegalArgumentException("kind " + kind.name() + " is not in this registry");
            }
            return (List<T>) byKind.get(kind.name());
        }
    }
}

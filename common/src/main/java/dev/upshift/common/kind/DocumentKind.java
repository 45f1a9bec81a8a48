package dev.upshift.common.kind;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * One kind of Upshift document ({@code Release}, {@code MaintenanceSchedule}, ...): its name, the
 * {@code apiVersion} it is read at, the {@link Migration}s that bring older versions forward, and
 * how a document of the kind becomes a {@code T}.
 *
 * <p>Every module declares its kinds as constants next to the type they read into
 * ({@code Release.KIND}, {@code MaintenanceSchedule.KIND}, ...), and every reading goes through
 * them: {@link #read} for one document, {@link #readAll} for the documents of this kind among many.
 * Both check the header first (the {@code kind} must be this one, the {@code apiVersion} the current
 * one or an older one the migrations bring forward), then hand the document, at the current
 * version, to the kind's {@link Reader}. A {@link DocumentKinds} registry groups kinds for tools that
 * read folders of mixed documents.
 *
 * <p>Immutable and thread-safe when its readers are (Upshift's are).
 *
 * @param <T> what a document of this kind is read into
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DocumentKind<T> {
    private final String name;
    private final String apiVersion;
    private final List<Migration> migrations;
    private final Migrations chain;
    private final Reader<T> reader;
    private final ListReader<T> listReader;

    private DocumentKind(Builder<T> b) {
        this.name = b.name;
        this.apiVersion = b.apiVersion;
        this.migrations = List.copyOf(b.migrations);
        this.chain = Migrations.of(Map.of(name, apiVersion), migrations);
        this.reader = b.reader;
        this.listReader = b.listReader;
    }

    /**
     * Reads one document of a kind, once its header has been checked and it has been migrated.
     *
     * <p>Implementations report every problem they find to {@code problems}, with its file, line,
     * column and field, and return empty when any of them is an error. They do no I/O and keep no
     * state between calls.
     *
     * @param <T> what the document is read into
     */
    @FunctionalInterface
    public interface Reader<T> {
        /**
         * Reads a document.
         *
         * @param document a document of the kind, at the kind's current {@code apiVersion}
         * @param problems where this document's errors and warnings go: a collector of its own,
         *     so {@link Problems#hasErrors()} speaks for this document alone
         * @return the value, or empty when the document has errors (a value returned beside an
         *     error is dropped)
         */
        Optional<T> read(SourceDocument document, Problems problems);
    }

    /**
     * Reads the documents of a kind together, for kinds whose documents are checked against each
     * other (two releases of the same version, two schedules of the same name).
     *
     * @param <T> what each document is read into
     */
    @FunctionalInterface
    public interface ListReader<T> {
        /**
         * Reads documents of the kind together.
         *
         * @param documents documents of the kind, at its current {@code apiVersion}, in input order
         * @param one reads one of them (problems go to {@code problems}; empty when it has errors)
         * @param problems where errors and warnings go
         * @return the values without errors, in input order
         */
        List<T> read(List<SourceDocument> documents, Reader<T> one, Problems problems);
    }

    /**
     * A kind read at {@link ApiVersions#CURRENT}, without migrations, whose documents are read one
     * by one.
     *
     * @param name the {@code kind} documents carry
     * @param reader reads one document
     */
    public static <T> DocumentKind<T> of(String name, Reader<T> reader) {
        return builder(name, reader).build();
    }

    /** Starts a kind read at {@link ApiVersions#CURRENT}, without migrations, one document at a time. */
    public static <T> Builder<T> builder(String name, Reader<T> reader) {
        return new Builder<>(name, reader);
    }

    /** The {@code kind} its documents carry. */
    public String name() {
        return name;
    }

    /** The {@code apiVersion} documents are read at; older ones are migrated to it first. */
    public String apiVersion() {
        return apiVersion;
    }

    /** Every {@code apiVersion} accepted: the current one and each that a migration reads, sorted. */
    public List<String> apiVersions() {
        TreeSet<String> all = new TreeSet<>();
        all.add(apiVersion);
        migrations.forEach(m -> all.add(m.fromApiVersion()));
        return List.copyOf(all);
    }

    List<Migration> steps() {
        return migrations;
    }

    /** The migrations of this kind alone, as a chain ({@link Migrations#migrate} is the header check). */
    public Migrations migrations() {
        return chain;
    }

    /**
     * The header check: the document at this kind's current {@code apiVersion}, migrated if it was
     * older, or empty with a problem (located at {@code kind} or {@code apiVersion}) when its kind is
     * another, its version unknown or a migration step fails.
     */
    public Optional<SourceDocument> check(SourceDocument document, Problems problems) {
        return chain.migrate(document, problems);
    }

    /**
     * Reads one document: checks its header (see {@link #check}), then reads it.
     *
     * @param document a document that should be of this kind
     * @param problems where every error and warning goes, with its position
     * @return the value, or empty when the document has errors
     */
    public Optional<T> read(SourceDocument document, Problems problems) {
        return check(document, problems).flatMap(d -> readOne(d, problems));
    }

    /**
     * Reads every document of this kind among {@code documents} (documents of other kinds are
     * skipped without a problem): checks each one's header, then reads those that pass, together
     * where the kind checks its documents against each other.
     *
     * @return the values without errors, in input order
     */
    public List<T> readAll(List<SourceDocument> documents, Problems problems) {
        List<SourceDocument> current = new ArrayList<>();
        for (SourceDocument d : documents) {
            if (d.kind().equals(name)) {
                check(d, problems).ifPresent(current::add);
            }
        }
        return readChecked(current, problems);
    }

    /** Reads documents of this kind that already passed the header check. */
    List<T> readChecked(List<SourceDocument> current, Problems problems) {
        return List.copyOf(listReader.read(current, this::readOne, problems));
    }

    private Optional<T> readOne(SourceDocument document, Problems problems) {
        Problems mine = new Problems();
        Optional<T> value = reader.read(document, mine);
        problems.addAll(mine.all());
        return mine.hasErrors() ? Optional.empty() : value;
    }

    /** The kind's name. */
    @Override
    public String toString() {
        return name;
    }

    /** Builds a {@link DocumentKind}; {@link #build()} checks that the migrations form chains. */
    public static final class Builder<T> {
        private final String name;
        private final Reader<T> reader;
        private String apiVersion = ApiVersions.CURRENT;
        private final List<Migration> migrations = new ArrayList<>();
        private ListReader<T> listReader = Builder::oneByOne;

        private Builder(String name, Reader<T> reader) {
            this.name = Objects.requireNonNull(name, "name");
            this.reader = Objects.requireNonNull(reader, "reader");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a kind needs a name");
            }
        }

        /** The {@code apiVersion} documents are read at (default {@link ApiVersions#CURRENT}). */
        public Builder<T> apiVersion(String value) {
            this.apiVersion = Objects.requireNonNull(value, "apiVersion");
            return this;
        }

        /**
         * Adds a step that brings an older version forward.
         *
         * @throws IllegalArgumentException when the step is for another kind
         */
        public Builder<T> migration(Migration step) {
            if (!step.kind().equals(name)) {
                throw new IllegalArgumentException("a migration of " + step.kind() + " given to kind " + name);
            }
            migrations.add(step);
            return this;
        }

        /** Reads the documents of the kind together (default: one by one, in order). */
        public Builder<T> readAllWith(ListReader<T> value) {
            this.listReader = Objects.requireNonNull(value, "listReader");
            return this;
        }

        /**
         * The kind.
         *
         * @throws IllegalArgumentException when two steps read the same version, or the steps from
         *     some version do not reach the current one
         */
        public DocumentKind<T> build() {
            return new DocumentKind<>(this);
        }

        private static <T> List<T> oneByOne(List<SourceDocument> documents, Reader<T> one, Problems problems) {
            List<T> out = new ArrayList<>();
            for (SourceDocument d : documents) {
                one.read(d, problems).ifPresent(out::add);
            }
            return out;
        }
    }
}

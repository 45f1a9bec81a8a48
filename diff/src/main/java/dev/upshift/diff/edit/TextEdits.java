package dev.upshift.diff.edit;

import static dev.upshift.common.tree.JsonTrees.Equality.NUMERIC;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Minimal edits of one YAML or JSON file's text: changes given as values (a field set, a field
 * removed, a whole document's new tree, or a {@link MergeResult}) become a new text in which only
 * the lines of the changed fields differ. Comments, key order, quoting, flow style, blank lines and
 * indentation stay byte for byte everywhere else, so that a reviewer's diff shows the change and
 * nothing more.
 *
 * <pre>{@code
 * EditedText edited = TextEdits.of("clusters/prod-eu-1.yaml", text)
 *         .set(0, FieldPath.of("spec", "release"), TextNode.valueOf("20.1.0"))
 *         .edit();
 * }</pre>
 *
 * <h2>What an edit writes</h2>
 * <ul>
 *   <li>A changed scalar is rewritten where it stands, in its own quoting while that still reads
 *       back as the new value (a plain {@code v1.29.6} stays plain, a {@code '30'} stays
 *       single-quoted); a text that would read as a number, a boolean, null or a date, or holds
 *       special characters, is quoted. A changed literal or folded block scalar is written as a
 *       literal block in its place (or double-quoted, when a literal block cannot hold it).
 *   <li>A new key goes after the key that precedes it in the new value (last, when none does), a
 *       new list item after the item it follows; both as whole lines at their siblings' indentation
 *       in block style, or with a comma in flow style and JSON (on its own line when its collection
 *       has one entry per line). New subtrees are written in the file's indentation, where its list
 *       dashes stand, and with its preferred quotes.
 *   <li>A removed key or item takes its lines with it; comment lines above it stay.
 *   <li>A value whose shape changes (a scalar becoming a mapping) is written anew in the style of
 *       its place; a comment after the old value stays on the key's line.
 *   <li>A document is removed with its lines; a new one is added after the document it follows.
 * </ul>
 *
 * <h2>What it refuses</h2>
 * Editing inside an alias or a value that aliases copy, a value with a custom tag, and a text whose
 * layout the editor cannot follow throw {@link TextEditException} naming the file, line and field;
 * so does an edited text that would not read back exactly as intended: every edit is checked by
 * loading the new text and comparing it with the intended documents before it is returned. No
 * message shows a sensitive value of a merge ({@link MergeResult#shown}): a conflict with the file
 * shows such values masked.
 *
 * <p>An instance collects the edits of one file; not thread-safe. Applying the same edits to the
 * edited text changes nothing (the edits are idempotent).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TextEdits {
    private final DocumentLoader loader;
    private final String source;
    private final String text;
    private final List<SourceDocument> loaded;
    private final List<Syntax.Document> syntax;
    private final ObjectNode[] targets;
    private final boolean[] removed;
    private final TreeMap<Integer, List<ObjectNode>> addedAfter = new TreeMap<>();
    private boolean sensitive;

    private TextEdits(DocumentLoader loader, String source, String text) {
        this.loader = loader;
        this.source = source;
        this.text = text;
        this.loaded = loader.load(source, text);
        this.syntax = isJson(source) ? JsonSyntax.parse(source, text) : YamlSyntax.parse(source, text);
        if (syntax.size() != loaded.size()) {
            throw new TextEditException(source + ": cannot edit in place: the text holds " + syntax.size()
                    + " documents by its layout but " + loaded.size() + " by its content");
        }
        this.targets = new ObjectNode[loaded.size()];
        this.removed = new boolean[loaded.size()];
    }

    /**
     * Starts editing a file's text, read with the default loader.
     *
     * @param source the file's name: decides YAML or JSON (a name ending in {@code .json}) and names
     *     the file in messages; for {@link #apply(MergeResult)}, the name its documents were loaded
     *     under
     * @throws InputException when the text does not load
     * @throws TextEditException when its layout cannot be followed
     */
    public static TextEdits of(String source, String text) {
        return of(source, text, DocumentLoader.create());
    }

    /** Starts editing a file's text, read with the given loader (its limits apply). */
    public static TextEdits of(String source, String text, DocumentLoader loader) {
        return new TextEdits(Objects.requireNonNull(loader, "loader"), Objects.requireNonNull(source, "source"),
                Objects.requireNonNull(text, "text"));
    }

    /** The file's name. */
    public String source() {
        return source;
    }

    /** The file's documents as its text holds them, in order (a document's index is its position here). */
    public List<SourceDocument> documents() {
        return loaded;
    }

    /**
     * Sets a field of a document, creating the mappings on its way that are missing. List items on
     * the way are found by key, value or index and must exist.
     *
     * @param document the index of the document in the file
     * @param path where; not the root
     * @param value the new value (copied)
     * @throws IllegalArgumentException when the path is the root, crosses a value that is not a
     *     mapping or list, or names a list item that does not exist
     */
    public TextEdits set(int document, FieldPath path, JsonNode value) {
        Objects.requireNonNull(value, "value");
        checkDepth(value);
        List<PathElement> steps = steps(path);
        JsonNode parent = walk(target(document), steps.subList(0, steps.size() - 1), true, path);
        put(parent, steps.get(steps.size() - 1), JsonTrees.copy(value), path);
        return this;
    }

    /** Removes a field or list item of a document; nothing when it is not there. */
    public TextEdits remove(int document, FieldPath path) {
        List<PathElement> steps = steps(path);
        JsonNode parent = walk(target(document), steps.subList(0, steps.size() - 1), false, path);
        if (parent == null) {
            return this;
        }
        PathElement last = steps.get(steps.size() - 1);
        if (last instanceof PathElement.Field f) {
            if (parent instanceof ObjectNode o) {
                o.remove(f.name());
            }
        } else if (parent instanceof ArrayNode a) {
            indexIn(a, last).ifPresent(a::remove);
        }
        return this;
    }

    /** Makes a document equal to {@code tree} (copied), editing only where they differ. */
    public TextEdits replace(int document, ObjectNode tree) {
        checkDepth(tree);
        target(document);
        targets[document] = (ObjectNode) JsonTrees.copy(tree);
        return this;
    }

    /**
     * Applies this file's share of a merge: every document of {@link MergeResult#current()} loaded
     * from this file (by {@link SourceDocument#source()}) becomes its merged document, is removed
     * when the merge removes it, and a document the merge adds is written after the cluster's
     * document it most resembles (same kind, longest common name), when that one is in this file.
     *
     * <p>The merge was computed from the files as they were. The file may have changed since in
     * other places (those changes stay), and may already hold the merged values (then nothing
     * changes: publishing twice is harmless); a field the merge changes that holds neither the
     * value the merge started from nor its result is a conflict. Documents are found by identity,
     * not position, and server noise ({@code status}, {@code metadata.managedFields}, ...) in the
     * file is kept.
     *
     * @throws TextEditException on a conflict, or when the merge adds a document that the cluster
     *     has nothing to place beside
     */
    public TextEdits apply(MergeResult merge) {
        MergeTargets.apply(this, Objects.requireNonNull(merge, "merge"));
        sensitive |= merge.hasSensitiveValues();
        return this;
    }

    /** The names of the files a merge's change touches (its documents' sources), sorted. */
    public static Set<String> sources(MergeResult merge) {
        return MergeTargets.sources(merge);
    }

    /**
     * The text with every edit made.
     *
     * @throws TextEditException when an edit cannot be made in place (see the class description)
     */
    public EditedText edit() {
        Layout layout = Layout.of(isJson(source), text, syntax);
        Splices splices = new Splices();
        Differ differ = new Differ(source, text, layout, splices);
        for (int i = 0; i < loaded.size(); i++) {
            if (removed[i]) {
                int end = i + 1 < syntax.size() ? Lines.lineStart(text, syntax.get(i + 1).start()) : text.length();
                splices.replace(Lines.lineStart(text, syntax.get(i).start()), end, "");
            } else if (targets[i] != null) {
                differ.document(syntax.get(i), loaded.get(i).root(), targets[i]);
            }
        }
        addedAfter.forEach((after, trees) -> splices.insert(documentEnd(after), documents(layout, trees)));
        String edited;
        try {
            edited = splices.applyTo(text);
        } catch (IllegalStateException e) {
            throw new TextEditException(source + ": cannot edit in place: " + e.getMessage());
        }
        verify(edited);
        return new EditedText(source, text, edited);
    }

    private int documentEnd(int index) {
        return index + 1 < syntax.size() ? Lines.lineStart(text, syntax.get(index + 1).start()) : text.length();
    }

    private String documents(Layout layout, List<ObjectNode> trees) {
        ValueWriter values = new ValueWriter(layout, new ScalarWriter(layout));
        StringBuilder out = new StringBuilder();
        for (ObjectNode tree : trees) {
            if (out.length() == 0 && !text.isEmpty() && !text.endsWith("\n")) {
                out.append(layout.newline());
            }
            if (layout.json()) {
                out.append(values.pretty(tree, 0)).append(layout.newline());
                continue;
            }
            out.append("---").append(layout.newline());
            for (var e : tree.properties()) {
                out.append(values.entry(e.getKey(), e.getValue(), 0)).append(layout.newline());
            }
        }
        return out.toString();
    }

    /** Loads the edited text and checks that it holds exactly the intended documents. */
    private void verify(String edited) {
        List<ObjectNode> expected = new ArrayList<>();
        for (int i = 0; i < loaded.size(); i++) {
            if (!removed[i]) {
                expected.add(targets[i] != null ? targets[i] : loaded.get(i).root());
            }
            expected.addAll(addedAfter.getOrDefault(i, List.of()));
        }
        List<SourceDocument> after;
        try {
            after = loader.load(source, edited);
        } catch (InputException e) {
            // the loader masks a Secret's data, but knows no rule: a merge's sensitive fields may be quoted
            Problem p = e.problems().get(0);
            String why = !sensitive ? p.message() : "at line " + p.location().line()
                    + (p.field().isEmpty() ? "" : ", " + p.field()) + "; the change holds sensitive values, not shown";
            throw new TextEditException(source + ": cannot edit in place: the edited text would not load (" + why
                    + "); nothing was changed: edit the file by hand");
        }
        for (int i = 0; i < Math.max(expected.size(), after.size()); i++) {
            if (i >= expected.size() || i >= after.size() || !JsonTrees.equal(expected.get(i), after.get(i).root(), NUMERIC)) {
                throw new TextEditException(source + ": cannot edit in place: document " + (i + 1)
                        + " of the edited text would not read back as intended; nothing was changed: edit the file"
                        + " by hand");
            }
        }
    }

    ObjectNode target(int document) {
        Objects.checkIndex(document, loaded.size());
        if (targets[document] == null) {
            targets[document] = (ObjectNode) JsonTrees.copy(loaded.get(document).root());
        }
        return targets[document];
    }

    /** The document's content as the edits so far leave it (not copied: do not change it). */
    ObjectNode current(int document) {
        return targets[document] != null ? targets[document] : loaded.get(document).root();
    }

    boolean isRemoved(int document) {
        return removed[document];
    }

    void removeDocument(int document) {
        removed[document] = true;
    }

    void addAfter(int document, ObjectNode tree) {
        addedAfter.computeIfAbsent(document, k -> new ArrayList<>()).add(tree);
    }

    private static List<PathElement> steps(FieldPath path) {
        if (path.isRoot()) {
            throw new IllegalArgumentException("a field path is needed; use replace for a whole document");
        }
        return path.elements();
    }

    private static JsonNode walk(JsonNode node, List<PathElement> steps, boolean create, FieldPath path) {
        for (int i = 0; i < steps.size(); i++) {
            PathElement step = steps.get(i);
            JsonNode next;
            if (step instanceof PathElement.Field f) {
                if (!(node instanceof ObjectNode o)) {
                    throw new IllegalArgumentException(path + ": " + new FieldPath(steps.subList(0, i)) + " is not a mapping");
                }
                next = o.get(f.name());
                if (JsonTrees.isAbsent(next)) {
                    if (!create) {
                        return null;
                    }
                    next = o.putObject(f.name());
                }
            } else {
                Optional<Integer> index = node instanceof ArrayNode a ? indexIn(a, step) : Optional.empty();
                if (index.isEmpty()) {
                    if (!create) {
                        return null;
                    }
                    throw new IllegalArgumentException(path + ": no list item " + new FieldPath(steps.subList(0, i + 1)));
                }
                next = node.get(index.get());
            }
            node = next;
        }
        return node;
    }

    private static void put(JsonNode parent, PathElement last, JsonNode value, FieldPath path) {
        if (last instanceof PathElement.Field f) {
            if (!(parent instanceof ObjectNode o)) {
                throw new IllegalArgumentException(path + ": " + path.parent() + " is not a mapping");
            }
            o.set(f.name(), value);
            return;
        }
        if (!(parent instanceof ArrayNode a)) {
            throw new IllegalArgumentException(path + ": " + path.parent() + " is not a list");
        }
        a.set(indexIn(a, last).orElseThrow(() -> new IllegalArgumentException(path + ": no such list item")), value);
    }

    private static Optional<Integer> indexIn(ArrayNode list, PathElement step) {
        return new FieldPath(List.of(step)).toPointer(list).map(p -> Integer.parseInt(p.substring(1)));
    }

    private static void checkDepth(JsonNode value) {
        if (JsonTrees.depthExceeds(value, DocumentSet.MAX_DEPTH)) {
            throw new IllegalArgumentException("a value nested deeper than " + DocumentSet.MAX_DEPTH + " levels");
        }
    }

    private static boolean isJson(String source) {
        return source.toLowerCase(Locale.ROOT).endsWith(".json");
    }

    @Override
    public String toString() {
        return "edits of " + source;
    }
}

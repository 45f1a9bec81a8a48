package dev.upshift.diff.document;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.SyntaxException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Which documents a field rule or a defaults entry applies to: by {@code apiVersion}, {@code kind}
 * and {@code metadata.name}, each optional. Each may be a glob where {@code *} stands for any text
 * ({@code cluster.x-k8s.io/*}, {@code md-*}); absent parts match anything.
 *
 * <p>Specificity (used to pick among rules): a literal name beats a name glob beats no name; then
 * the same for the kind; then for the apiVersion. A lone {@code *} counts as absent.
 *
 * <p>A glob has at most {@value #MAX_GLOB_LENGTH} characters (a Kubernetes name has at most 253),
 * and matching one takes time linear in the lengths of the glob and the text, whatever they hold.
 *
 * @param apiVersion the apiVersion glob, if any
 * @param kind the kind glob, if any
 * @param name the name glob, if any
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DocumentMatch(Optional<String> apiVersion, Optional<String> kind, Optional<String> name) {
    /** The most characters a glob may have. */
    public static final int MAX_GLOB_LENGTH = 512;

    private static final DocumentMatch ANY = new DocumentMatch(Optional.empty(), Optional.empty(), Optional.empty());

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when a glob is empty or longer than {@link #MAX_GLOB_LENGTH}
     */
    public DocumentMatch {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        for (Optional<String> part : List.of(apiVersion, kind, name)) {
            if (part.isPresent() && part.get().isEmpty()) {
                throw new IllegalArgumentException("a match part must not be empty");
            }
            if (part.isPresent() && part.get().length() > MAX_GLOB_LENGTH) {
                throw new IllegalArgumentException("a match part " + SyntaxException.lengthProblem(part.get().length(),
                        MAX_GLOB_LENGTH));
            }
        }
    }

    /** Matches every document. */
    public static DocumentMatch any() {
        return ANY;
    }

    /** Matches documents of a kind. */
    public static DocumentMatch kind(String kind) {
        return new DocumentMatch(Optional.empty(), Optional.of(kind), Optional.empty());
    }

    /** This match narrowed to a name glob. */
    public DocumentMatch withName(String nameGlob) {
        return new DocumentMatch(apiVersion, kind, Optional.of(nameGlob));
    }

    /** This match narrowed to an apiVersion glob. */
    public DocumentMatch withApiVersion(String apiVersionGlob) {
        return new DocumentMatch(Optional.of(apiVersionGlob), kind, name);
    }

    /** This match narrowed to a kind glob. */
    public DocumentMatch withKind(String kindGlob) {
        return new DocumentMatch(apiVersion, Optional.of(kindGlob), name);
    }

    /** Whether a document matches. */
    public boolean matches(Document doc) {
        return matches(doc.apiVersion(), doc.id().kind(), doc.id().name());
    }

    /** Whether a document with these parts matches. */
    public boolean matches(String docApiVersion, String docKind, String docName) {
        return glob(apiVersion, docApiVersion) && glob(kind, docKind) && glob(name, docName);
    }

    /** Compares specificity: positive when this match is more specific (name, then kind, then apiVersion). */
    public int compareSpecificity(DocumentMatch other) {
        int c = Integer.compare(weight(name), weight(other.name));
        if (c == 0) c = Integer.compare(weight(kind), weight(other.kind));
        if (c == 0) c = Integer.compare(weight(apiVersion), weight(other.apiVersion));
        return c;
    }

    private static int weight(Optional<String> part) {
        if (part.isEmpty() || part.get().equals("*")) {
            return 0;
        }
        return part.get().indexOf('*') >= 0 ? 1 : 2;
    }

    private static boolean glob(Optional<String> pattern, String text) {
        return pattern.isEmpty() || globMatches(pattern.get(), text);
    }

    /**
     * Whether {@code text} matches a glob where {@code *} is any run of characters. The glob's
     * literal pieces between stars are found in order, each at its leftmost place after the one
     * before (which is right for {@code *} globs), by Knuth–Morris–Pratt search: each character of
     * the text is looked at a bounded number of times, so the work is linear in the lengths of the
     * glob and the text (no backtracking to the last star, which costs their product).
     */
    static boolean globMatches(String pattern, CharSequence text) {
        String[] pieces = pattern.split("\\*", -1);
        if (pieces.length == 1) {
            return pattern.contentEquals(text);
        }
        String first = pieces[0];
        String last = pieces[pieces.length - 1];
        int end = text.length() - last.length();
        if (end < first.length() || !startsWith(text, first, 0) || !startsWith(text, last, end)) {
            return false;
        }
        int from = first.length();
        for (int i = 1; i < pieces.length - 1; i++) {
            int at = indexOf(text, pieces[i], from, end);
            if (at < 0) {
                return false;
            }
            from = at + pieces[i].length();
        }
        return true;
    }

    private static boolean startsWith(CharSequence text, String piece, int at) {
        for (int i = 0; i < piece.length(); i++) {
            if (text.charAt(at + i) != piece.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The first index in {@code [from, end - piece.length()]} where {@code piece} starts, or -1 (Knuth–Morris–Pratt). */
    private static int indexOf(CharSequence text, String piece, int from, int end) {
        if (piece.isEmpty()) {
            return from;
        }
        int[] fallback = new int[piece.length()];
        for (int i = 1, k = 0; i < piece.length(); i++) {
            while (k > 0 && piece.charAt(i) != piece.charAt(k)) {
                k = fallback[k - 1];
            }
            if (piece.charAt(i) == piece.charAt(k)) {
                k++;
            }
            fallback[i] = k;
        }
        for (int t = from, k = 0; t < end; t++) {
            char c = text.charAt(t);
            while (k > 0 && c != piece.charAt(k)) {
                k = fallback[k - 1];
            }
            if (c == piece.charAt(k)) {
                k++;
            }
            if (k == piece.length()) {
                return t - k + 1;
            }
        }
        return -1;
    }

    /** {@code {apiVersion: .., kind: .., name: ..}} with only the parts given, or {@code any}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        apiVersion.ifPresent(v -> out.append("apiVersion: ").append(v));
        kind.ifPresent(v -> out.append(out.length() > 0 ? ", " : "").append("kind: ").append(v));
        name.ifPresent(v -> out.append(out.length() > 0 ? ", " : "").append("name: ").append(v));
        return out.length() == 0 ? "any" : "{" + out + "}";
    }
}

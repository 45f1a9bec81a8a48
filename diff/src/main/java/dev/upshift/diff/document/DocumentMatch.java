package dev.upshift.diff.document;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which documents a field rule or a defaults entry applies to: by {@code apiVersion}, {@code kind}
 * and {@code metadata.name}, each optional. Each may be a glob where {@code *} stands for any text
 * ({@code cluster.x-k8s.io/*}, {@code md-*}); absent parts match anything.
 *
 * <p>Specificity (used to pick among rules): a literal name beats a name glob beats no name; then
 * the same for the kind; then for the apiVersion. A lone {@code *} counts as absent.
 *
 * @param apiVersion the apiVersion glob, if any
 * @param kind the kind glob, if any
 * @param name the name glob, if any
 */
public record DocumentMatch(Optional<String> apiVersion, Optional<String> kind, Optional<String> name) {
    private static final DocumentMatch ANY = new DocumentMatch(Optional.empty(), Optional.empty(), Optional.empty());

    /** Validates the parts (no empty globs). */
    public DocumentMatch {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        for (Optional<String> part : List.of(apiVersion, kind, name)) {
            if (part.isPresent() && part.get().isEmpty()) {
                throw new IllegalArgumentException("a match part must not be empty");
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

    /** Whether {@code text} matches a glob where {@code *} is any run of characters (at worst quadratic, never exponential). */
    static boolean globMatches(String pattern, String text) {
        int p = 0;
        int t = 0;
        int star = -1;
        int mark = 0;
        while (t < text.length()) {
            if (p < pattern.length() && pattern.charAt(p) != '*' && pattern.charAt(p) == text.charAt(t)) {
                p++;
                t++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                mark = t;
            } else if (star >= 0) {
                p = star + 1;
                t = ++mark;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
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

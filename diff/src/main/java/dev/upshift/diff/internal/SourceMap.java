package dev.upshift.diff.internal;

import dev.upshift.diff.problem.SourceLocation;

import java.util.HashMap;
import java.util.Map;

/**
 * Where each value of a loaded document stood in its source, keyed by RFC 6901 JSON Pointer
 * ({@code ""} for the root, {@code /spec/windows/0/name} below it).
 *
 * <p>Lookups never fail: a pointer that has no entry of its own (a value added by a migration, a
 * field that is missing) resolves to its nearest ancestor that has one, so a problem always points
 * somewhere useful.
 */
public final class SourceMap {
    private final String source;
    private final Map<String, Long> values;
    private final Map<String, Long> keys;

    public SourceMap(String source, Map<String, Long> values, Map<String, Long> keys) {
        this.source = source;
        this.values = values;
        this.keys = keys;
    }

    /** A map that knows only the source's name (for documents built in memory). */
    public static SourceMap empty(String source) {
        return new SourceMap(source, new HashMap<>(), new HashMap<>());
    }

    /** The source the document came from. */
    public String source() {
        return source;
    }

    /** Where the value at {@code pointer} starts, or its nearest ancestor's. */
    public SourceLocation valueLocation(String pointer) {
        return find(values, pointer);
    }

    /**
     * Where the key of the member at {@code pointer} stands (for a list item or the root: where the
     * value starts), or the nearest ancestor's. Use it to point at an unknown or misspelled field.
     */
    public SourceLocation keyLocation(String pointer) {
        Long k = keys.get(pointer);
        return k != null ? unpack(k) : find(values, pointer);
    }

    private SourceLocation find(Map<String, Long> map, String pointer) {
        String p = pointer;
        while (true) {
            Long v = map.get(p);
            if (v != null) {
                return unpack(v);
            }
            if (p.isEmpty()) {
                return SourceLocation.of(source);
            }
            p = p.substring(0, p.lastIndexOf('/'));
        }
    }

    private SourceLocation unpack(long packed) {
        return new SourceLocation(source, (int) (packed >>> 32), (int) packed);
    }

    public static long pack(int line, int column) {
        return ((long) line << 32) | (column & 0xffffffffL);
    }

    /** Escapes one reference token of a JSON Pointer (RFC 6901: {@code ~} → {@code ~0}, {@code /} → {@code ~1}). */
    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }
}

package dev.upshift.common.source;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * Bounds on what the {@link DocumentLoader} accepts, so that a hostile or broken input fails fast
 * with a clear message instead of exhausting memory or time.
 *
 * <p>Every bound has a valid range, checked when it is set: a value outside it throws
 * {@link IllegalArgumentException} naming the bound and the range. The upper ends keep the loader's
 * own guarantees (docs/security.md): the depth bound, for one, stays low enough for code that walks
 * a loaded tree recursively.
 *
 * @param maxBytes the largest input, in UTF-8 bytes: 1 to 1 GiB (default 8 MiB)
 * @param maxDepth the deepest nesting of mappings and lists, aliases expanded: 1 to
 *     {@value #MAX_DEPTH} (default 128)
 * @param maxNodes the most values one input may hold once YAML aliases are expanded: 1 to
 *     100,000,000 (default 1,000,000); this is what stops an alias bomb of many small values
 * @param maxDocuments the most documents one input may hold, empty ones and those that are not
 *     mappings included: 1 to 1,000,000 (default 10,000)
 * @param maxExpandedBytes the most bytes of text one input may hold once YAML aliases are
 *     expanded, counting the UTF-8 bytes of every key and text value and one byte for every other
 *     value: 1 to 4 GiB (default 32 MiB, four times the default {@code maxBytes}); this is what stops
 *     aliases of one large value. An input without aliases holds at most about {@code maxBytes} of
 *     text, so only a value below {@code maxBytes} limits such inputs
 */
@API(status = MAINTAINED, since = "0.1")
public record LoadLimits(long maxBytes, int maxDepth, long maxNodes, int maxDocuments, long maxExpandedBytes) {

    /** The largest {@link #maxBytes()} that can be set: 1 GiB. */
    public static final long MAX_BYTES = 1L << 30;

    /** The largest {@link #maxDepth()} that can be set. */
    public static final int MAX_DEPTH = 1_000;

    /** The largest {@link #maxNodes()} that can be set. */
    public static final long MAX_NODES = 100_000_000;

    /** The largest {@link #maxDocuments()} that can be set. */
    public static final int MAX_DOCUMENTS = 1_000_000;

    /** The largest {@link #maxExpandedBytes()} that can be set: 4 GiB. */
    public static final long MAX_EXPANDED_BYTES = 1L << 32;

    /**
     * Validates every bound against its range.
     *
     * @throws IllegalArgumentException naming the first bound outside its range, and the range
     */
    public LoadLimits {
        check("maxBytes", maxBytes, MAX_BYTES);
        check("maxDepth", maxDepth, MAX_DEPTH);
        check("maxNodes", maxNodes, MAX_NODES);
        check("maxDocuments", maxDocuments, MAX_DOCUMENTS);
        check("maxExpandedBytes", maxExpandedBytes, MAX_EXPANDED_BYTES);
    }

    private static void check(String name, long value, long max) {
        if (value < 1 || value > max) {
            throw new IllegalArgumentException(name + " must be between 1 and " + max + ", got " + value);
        }
    }

    /** The defaults: 8 MiB, depth 128, 1,000,000 values, 10,000 documents, 32 MiB of expanded text. */
    public static LoadLimits defaults() {
        return new LoadLimits(8L * 1024 * 1024, 128, 1_000_000, 10_000, 32L * 1024 * 1024);
    }

    /** A copy with another size bound (1 to {@link #MAX_BYTES}). */
    public LoadLimits withMaxBytes(long bytes) {
        return new LoadLimits(bytes, maxDepth, maxNodes, maxDocuments, maxExpandedBytes);
    }

    /** A copy with another depth bound (1 to {@link #MAX_DEPTH}). */
    public LoadLimits withMaxDepth(int depth) {
        return new LoadLimits(maxBytes, depth, maxNodes, maxDocuments, maxExpandedBytes);
    }

    /** A copy with another bound on values (1 to {@link #MAX_NODES}). */
    public LoadLimits withMaxNodes(long nodes) {
        return new LoadLimits(maxBytes, maxDepth, nodes, maxDocuments, maxExpandedBytes);
    }

    /** A copy with another bound on documents (1 to {@link #MAX_DOCUMENTS}). */
    public LoadLimits withMaxDocuments(int documents) {
        return new LoadLimits(maxBytes, maxDepth, maxNodes, documents, maxExpandedBytes);
    }

    /** A copy with another bound on text once aliases are expanded (1 to {@link #MAX_EXPANDED_BYTES}). */
    public LoadLimits withMaxExpandedBytes(long bytes) {
        return new LoadLimits(maxBytes, maxDepth, maxNodes, maxDocuments, bytes);
    }
}

package dev.upshift.diff.source;

/**
 * Bounds on what the {@link DocumentLoader} accepts, so that a hostile or broken input fails fast
 * with a clear message instead of exhausting memory or time.
 *
 * @param maxBytes the largest input, in bytes (default 8 MiB)
 * @param maxDepth the deepest nesting of objects and lists (default 128)
 * @param maxNodes the most values one input may hold once YAML aliases are expanded (default
 *     1,000,000); this is what stops an alias bomb
 * @param maxDocuments the most documents one input may hold (default 10,000)
 */
public record LoadLimits(long maxBytes, int maxDepth, long maxNodes, int maxDocuments) {

    /** Validates that every bound is positive. */
    public LoadLimits {
        if (maxBytes <= 0 || maxDepth <= 0 || maxNodes <= 0 || maxDocuments <= 0) {
            throw new IllegalArgumentException("every load limit must be positive");
        }
        if (maxBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxBytes must be below 2 GiB");
        }
    }

    /** The defaults: 8 MiB, depth 128, 1,000,000 values, 10,000 documents. */
    public static LoadLimits defaults() {
        return new LoadLimits(8L * 1024 * 1024, 128, 1_000_000, 10_000);
    }

    /** A copy with another size bound. */
    public LoadLimits withMaxBytes(long bytes) {
        return new LoadLimits(bytes, maxDepth, maxNodes, maxDocuments);
    }

    /** A copy with another depth bound. */
    public LoadLimits withMaxDepth(int depth) {
        return new LoadLimits(maxBytes, depth, maxNodes, maxDocuments);
    }

    /** A copy with another bound on values. */
    public LoadLimits withMaxNodes(long nodes) {
        return new LoadLimits(maxBytes, maxDepth, nodes, maxDocuments);
    }

    /** A copy with another bound on documents. */
    public LoadLimits withMaxDocuments(int documents) {
        return new LoadLimits(maxBytes, maxDepth, maxNodes, documents);
    }
}

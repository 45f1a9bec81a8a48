package dev.upshift.release;

/**
 * Which parts of a constraint's version were left open, by a wildcard ({@code x}, {@code X},
 * {@code *}) or by leaving them out ({@code 1.2} leaves the patch open). Masterminds calls these
 * "dirty" parts.
 */
enum OpenParts {
    /** {@code 1.2.3}: nothing open. */
    NONE,
    /** {@code 1.2}, {@code 1.2.x}: the patch is open. */
    PATCH,
    /** {@code 1}, {@code 1.x}, {@code 1.x.x}: minor and patch are open. */
    MINOR,
    /** {@code *}, {@code x}, {@code x.x.x}: everything is open. */
    ALL
}

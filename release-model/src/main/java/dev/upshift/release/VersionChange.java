package dev.upshift.release;

/** How far apart two versions are: what kind of upgrade moving between them is. */
public enum VersionChange {
    /** Same version: nothing to do. */
    NONE("none"),
    /** Same major and minor. */
    PATCH("patch"),
    /** Same major, another minor. */
    MINOR("minor"),
    /** Another major. */
    MAJOR("major");

    private final String word;

    VersionChange(String word) {
        this.word = word;
    }

    /** The change from {@code from} to {@code to}, judged on major, minor and patch (and prerelease: a patch). */
    public static VersionChange between(Version from, Version to) {
        if (from.major() != to.major()) {
            return MAJOR;
        }
        if (from.minor() != to.minor()) {
            return MINOR;
        }
        return from.samePrecedence(to) ? NONE : PATCH;
    }

    /** The larger of two changes. */
    public VersionChange max(VersionChange other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /** The word plans use ({@code patch}, {@code minor}, {@code major}, {@code none}). */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}

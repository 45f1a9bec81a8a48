package dev.upshift.core.journal;

/**
 * The named points of a migration from an older journal version (docs/journal.md), in order; a
 * crash at any of them, or between them, leaves a journal that reads whole, and the next opening
 * for writing finishes the migration.
 */
enum MigrationStep {
    /** The new version's journal is written in full, as {@code history.jsonl.tmp}, and forced to disk. */
    NEW_WRITTEN,
    /** The old journal is kept as {@code history.vN.jsonl} (written beside, forced, renamed into place). */
    OLD_KEPT,
    /** The new journal is renamed over {@code history.jsonl}. */
    SWAPPED,
    /** The state folder is synced, so that the renames are on disk. */
    FOLDER_SYNCED;

    /** What a migration tells at each step; tests stop it there. */
    @FunctionalInterface
    interface Listener {
        /** Nothing to tell. */
        Listener NONE = step -> {};

        void reached(MigrationStep step) throws java.io.IOException;
    }
}

package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import java.nio.file.Path;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A journal could not be opened for writing because another process (or another store in this one)
 * holds its state folder's lock: one engine writes a state folder at a time (DESIGN.md section 7).
 * The message names the holder when it has written its note.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JournalLockedException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    private final transient Path folder;
    private final transient LockHolder holder;

    /**
     * A refusal.
     *
     * @param folder the state folder
     * @param holder who holds its lock, when known
     */
    public JournalLockedException(Path folder, Optional<LockHolder> holder) {
        super("the journal in " + folder + " is in use: " + holder.map(JournalLockedException::describe)
                .orElse("another process holds its lock and has not said which") + "; one engine writes a state"
                + " folder at a time: stop that one first, or give this one a state folder of its own");
        this.folder = folder;
        this.holder = holder.orElse(null);
    }

    /** The state folder whose lock is held. */
    public Path folder() {
        return folder;
    }

    /** Who holds it, when known. */
    public Optional<LockHolder> holder() {
        return Optional.ofNullable(holder);
    }

    private static String describe(LockHolder h) {
        boolean me = h.pid() == ProcessHandle.current().pid();
        return h + (me ? " (this very process: the journal is already open here)" : ", holds its lock");
    }
}

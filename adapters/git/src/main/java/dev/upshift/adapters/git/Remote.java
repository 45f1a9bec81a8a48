package dev.upshift.adapters.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.eclipse.jgit.errors.NotSupportedException;
import org.eclipse.jgit.errors.TransportException;
import org.eclipse.jgit.lib.NullProgressMonitor;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.transport.Transport;

/**
 * Pushing one commit to one branch of the remote, never by force and with a lease: the push
 * succeeds only when the remote branch still holds the commit the new one was built on. JGit
 * answers a refused push in the update's status, not by throwing; this turns every status into
 * one of three answers.
 */
final class Remote {
    /** What a push came to. */
    sealed interface Pushed permits Accepted, Moved, Refused {}

    /** The remote branch now holds the commit. */
    record Accepted() implements Pushed {}

    /**
     * The remote branch moved since it was fetched (not a fast-forward, the lease failed, or a
     * concurrent push held its lock): fetch and try again.
     */
    record Moved(String why) implements Pushed {}

    /** The remote refused the push for good (a protected branch, a hook). */
    record Refused(String why) implements Pushed {}

    private Remote() {}

    /**
     * Pushes {@code commit} to {@code refs/heads/branch}.
     *
     * @param expected what the remote branch must hold now: {@link ObjectId#zeroId()} for a branch
     *     that must not exist yet
     * @throws UncheckedIOException when the remote cannot be reached, or answers nothing for the branch
     */
    static Pushed push(Repository repository, String url, ObjectId commit, String branch, ObjectId expected) {
        String ref = "refs/heads/" + branch;
        try (Transport transport = Transport.open(repository, GitCheckout.REMOTE)) {
            RemoteRefUpdate update = new RemoteRefUpdate(repository, (String) null, commit, ref, false, null, expected);
            PushResult result = transport.push(NullProgressMonitor.INSTANCE, List.of(update));
            RemoteRefUpdate answer = result.getRemoteUpdate(ref);
            String message = answer.getMessage() == null ? "" : answer.getMessage();
            String remoteSays = result.getMessages() == null ? "" : result.getMessages().strip();
            return switch (answer.getStatus()) {
                case OK, UP_TO_DATE -> new Accepted();
                case REJECTED_NONFASTFORWARD -> new Moved(branch + " moved on the remote (not a fast-forward)");
                case REJECTED_REMOTE_CHANGED -> new Moved(branch + " moved on the remote since it was fetched");
                case REJECTED_OTHER_REASON -> isLockRace(message)
                        ? new Moved("another push held the lock of " + branch + " (" + message + ")")
                        : new Refused(refusal(branch, message, remoteSays));
                case REJECTED_NODELETE, NON_EXISTING -> new Refused(refusal(branch, message, remoteSays));
                case NOT_ATTEMPTED, AWAITING_REPORT -> throw new UncheckedIOException(new IOException(
                        "the push of " + branch + " to " + url + " got no answer (" + answer.getStatus() + ")"));
            };
        } catch (NotSupportedException | TransportException | java.net.URISyntaxException e) {
            throw unreachable("push to", url, e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not push to " + url + ": " + e.getMessage(), e);
        }
    }

    /** A concurrent push, not a refusal: C git and JGit say "failed to lock" (or "lock") when two pushes race. */
    static boolean isLockRace(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        return m.contains("failed to lock") || m.contains("lock failure") || m.contains("cannot lock");
    }

    private static String refusal(String branch, String message, String remoteSays) {
        StringBuilder out = new StringBuilder("the remote refused the push to ").append(branch);
        if (!message.isBlank()) {
            out.append(": ").append(message.strip());
        }
        if (!remoteSays.isBlank()) {
            out.append(" (the remote says: ").append(remoteSays.replaceAll("\\s+", " ")).append(')');
        }
        return out.toString();
    }

    /** The exception for a remote that cannot be reached: the engine tries again on its next reconcile. */
    static UncheckedIOException unreachable(String what, String url, Exception e) {
        String cause = e.getMessage() == null ? "no reason given" : e.getMessage();
        return new UncheckedIOException("could not " + what + " " + url + ": " + cause
                + "; nothing was published, the engine tries again", e instanceof IOException io ? io : new IOException(e));
    }
}

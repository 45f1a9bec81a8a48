package dev.upshift.adapters.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jgit.errors.NoRemoteRepositoryException;
import org.eclipse.jgit.errors.NotSupportedException;
import org.eclipse.jgit.errors.TransportException;
import org.eclipse.jgit.lib.NullProgressMonitor;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.transport.FetchConnection;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.transport.Transport;
import org.eclipse.jgit.transport.URIish;

/**
 * Pushing one commit to one branch of the remote, never by force and with a lease: the push
 * succeeds only when the remote branch still holds the commit the new one was built on. JGit
 * answers a refused push in the update's status, not by throwing; this turns every status into
 * one of three answers. Also the words for a remote that cannot be reached: what a person can act
 * on, never JGit's own ("Invalid remote: origin") or a Java class name.
 */
final class Remote {
    /** What a push came to. */
    sealed interface Pushed permits Accepted, Moved, Refused {}

    /** The remote branch now holds the commit. */
    record Accepted() implements Pushed {}

    /**
     * The remote branch moved since it was fetched (not a fast-forward, the lease failed, or it moved
     * between the remote's check and its ref update: a concurrent push held its lock): fetch and try
     * again.
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
        RemoteRefUpdate answer;
        String remoteSays;
        try (Transport transport = Transport.open(repository, GitCheckout.REMOTE)) {
            RemoteRefUpdate update = new RemoteRefUpdate(repository, (String) null, commit, ref, false, null, expected);
            PushResult result = transport.push(NullProgressMonitor.INSTANCE, List.of(update));
            answer = result.getRemoteUpdate(ref);
            remoteSays = result.getMessages() == null ? "" : result.getMessages().strip();
        } catch (NotSupportedException | TransportException | java.net.URISyntaxException e) {
            throw unreachable("push to", url, e);
        } catch (IOException e) {
            throw unreachable("push to", url, e);
        }
        String message = answer.getMessage() == null ? "" : answer.getMessage();
        return switch (answer.getStatus()) {
            case OK, UP_TO_DATE -> new Accepted();
            case REJECTED_NONFASTFORWARD -> new Moved(branch + " moved on the remote (not a fast-forward)");
            case REJECTED_REMOTE_CHANGED -> new Moved(branch + " moved on the remote since it was fetched");
            case REJECTED_OTHER_REASON -> otherReason(repository, url, branch, expected, message, remoteSays);
            case REJECTED_NODELETE, NON_EXISTING -> new Refused(refusal(branch, message, remoteSays));
            case NOT_ATTEMPTED, AWAITING_REPORT -> throw failure("the push of " + branch + " to " + url
                    + " got no answer from the remote");
        };
    }

    /**
     * A refusal in the remote's own words may still be the branch moving under the push: C git says
     * "failed to update ref" with "cannot lock ref '…': is at … but expected …" on its side band,
     * JGit's server "failed to lock". Either wording, or the branch found elsewhere than the push
     * expected it, is a move; anything else is a refusal for good.
     */
    private static Pushed otherReason(Repository repository, String url, String branch, ObjectId expected,
            String message, String remoteSays) {
        if (isLockRace(message) || isLockRace(remoteSays)) {
            return new Moved(branch + " moved on the remote while the push was under way (" + race(message,
                    remoteSays) + ")");
        }
        Optional<ObjectId> now = headOnRemote(repository, url, branch);
        if (!now.orElse(ObjectId.zeroId()).equals(expected)) {
            return new Moved(branch + " moved on the remote while the push was under way (it refused the push: "
                    + message.strip() + ")");
        }
        return new Refused(refusal(branch, message, remoteSays));
    }

    /** The remote's line about the race, shortest first: the lock it could not take, else its status. */
    private static String race(String message, String remoteSays) {
        for (String line : remoteSays.split("\n")) {
            if (isLockRace(line)) {
                return line.strip().replaceFirst("^(?i)error:\\s*", "");
            }
        }
        return message.strip();
    }

    /** Where the branch is on the remote now, asked afresh; empty when it does not exist there. */
    private static Optional<ObjectId> headOnRemote(Repository repository, String url, String branch) {
        try (Transport transport = Transport.open(repository, GitCheckout.REMOTE);
                FetchConnection connection = transport.openFetch()) {
            Ref ref = connection.getRef("refs/heads/" + branch);
            return Optional.ofNullable(ref).map(Ref::getObjectId);
        } catch (NotSupportedException | TransportException | java.net.URISyntaxException e) {
            throw unreachable("read the branches of", url, e);
        }
    }

    /**
     * A concurrent push, not a refusal: C git says "cannot lock ref '…': is at … but expected …"
     * (its status "failed to update ref"), JGit "failed to lock", others "lock failure".
     */
    static boolean isLockRace(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        return m.contains("failed to lock") || m.contains("lock failure") || m.contains("cannot lock")
                || (m.contains("is at ") && m.contains("but expected"));
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

    /**
     * The exception for a remote that cannot be reached, in words a person can act on. What the caller
     * does next (an engine tries again, a plan stops) is the caller's to say.
     */
    static UncheckedIOException unreachable(String what, String url, Exception e) {
        return failure("could not " + what + " " + url + ": " + why(url, e), e);
    }

    /**
     * Why a remote could not be reached, in a person's words, from the chain of causes: no repository
     * there, a transport this build lacks ({@code ssh://}), a refused connection, an unknown host,
     * credentials, a timeout; else the innermost message JGit gave, without its address prefix.
     */
    static String why(String url, Throwable e) {
        String fallback = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage();
            String lower = m.toLowerCase(Locale.ROOT);
            if (t instanceof NoRemoteRepositoryException || lower.contains("repository not found")) {
                return "there is no git repository at that address (or it cannot be read)";
            }
            if (t instanceof NotSupportedException || lower.contains("uri not supported")) {
                return isSsh(url) ? "SSH remotes (ssh://, or user@host:path) need JGit's SSH module on the class"
                        + " path, which this build does not have; use file://, git://, http(s):// or a path"
                        : "this kind of address is not supported; use file://, git://, http(s):// or a path";
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException
                    || lower.contains("connection refused") || lower.contains("no route to host")) {
                return "the connection was refused (is the server running, and is the port right?)";
            }
            if (t instanceof UnknownHostException) {
                return "the host " + (m.isBlank() ? "" : m + " ") + "is not known";
            }
            if (t instanceof SocketTimeoutException || lower.contains("time out") || lower.contains("timed out")) {
                return "the remote did not answer in time";
            }
            if (lower.contains("authentication is required") || lower.contains("not authorized")
                    || lower.contains("authentication not supported")) {
                return "the remote asks for credentials that were not given or were refused (for HTTPS, put them"
                        + " in the URL's user part)";
            }
            if (!m.isBlank() && !lower.startsWith("invalid remote")) {
                fallback = m;
            }
        }
        return fallback == null ? "no reason given" : plain(url, fallback);
    }

    /** JGit's message without the address it starts with, nor a Java class name it quotes. */
    private static String plain(String url, String message) {
        String m = message.strip();
        if (m.startsWith(url)) {
            m = m.substring(url.length()).replaceFirst("^[:\\s]+", "");
        } else {
            m = m.replaceFirst("^[A-Za-z][A-Za-z0-9+.-]*://\\S*?:\\s+", ""); // JGit's "URI: message"
        }
        m = m.replaceAll("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_]*(?:Exception|Error)(?::\\s*)?", "").strip();
        return m.isEmpty() ? "no reason given" : m;
    }

    /** Whether a remote's address names SSH: {@code ssh://}, {@code git+ssh://}, or scp-like {@code user@host:path}. */
    static boolean isSsh(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("ssh://") || lower.startsWith("git+ssh://") || lower.startsWith("ssh+git://")) {
            return true;
        }
        if (lower.matches("^[a-z][a-z0-9+.-]*://.*") || lower.startsWith("/") || lower.startsWith(".")) {
            return false;
        }
        try {
            URIish uri = new URIish(url);
            return uri.getScheme() == null && uri.getHost() != null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    /**
     * An exception whose message is all a person reads: {@code new UncheckedIOException(cause)} would
     * say "java.io.IOException: …".
     */
    static UncheckedIOException failure(String message) {
        return new UncheckedIOException(message, new IOException(message));
    }

    /** The same, keeping what caused it (for a debugger, never for the message). */
    static UncheckedIOException failure(String message, Throwable cause) {
        return new UncheckedIOException(message, new IOException(message, cause));
    }
}

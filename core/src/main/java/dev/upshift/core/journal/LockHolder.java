package dev.upshift.core.journal;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Who holds a journal's lock, as the holder writes it into the lock file so that a refused second
 * engine can name it: its process id, its host and what started it.
 *
 * @param pid the holder's process id
 * @param host the name of the holder's machine; not blank
 * @param startedBy what started the holder, for a person ({@code "upshift run"}); not blank
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LockHolder(long pid, String host, String startedBy) {
    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException when the pid is negative or a name is blank
     */
    public LockHolder {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(startedBy, "startedBy");
        if (pid < 0) {
            throw new IllegalArgumentException("a process id is never negative, not " + pid);
        }
        if (host.isBlank() || startedBy.isBlank()) {
            throw new IllegalArgumentException("a lock holder names its host and what started it");
        }
    }

    /**
     * This process: its pid, this machine's host name ({@code unknown host} when it has none) and
     * {@code startedBy}.
     */
    public static LockHolder current(String startedBy) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown host";
        }
        return new LockHolder(ProcessHandle.current().pid(), host.isBlank() ? "unknown host" : host, startedBy);
    }

    /** {@code pid 4242 on build-7, started by upshift run} */
    @Override
    public String toString() {
        return "pid " + pid + " on " + host + ", started by " + startedBy;
    }
}

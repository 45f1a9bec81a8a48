package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.release.Release;
import org.apiguardian.api.API;

/**
 * Lists the releases that make up the catalog: their components, defaults, field rules and
 * compatibility.
 *
 * <p><b>Contract.</b> Core calls {@link #releases()} at the start of every planning round and every
 * engine reconcile, on the thread doing that work, and builds the catalog and upgrade graph from the
 * answer. The call is a read: it must change nothing, and two calls with no change in between must
 * return equal listings. It may block (files, an OCI registry, a Kubernetes API). A bad release
 * document is left out and reported among the listing's problems. An exception means the releases
 * could not be read at all: the round is abandoned and tried again on the next one.
 * Versions must be unique; core reports duplicates as problems.
 *
 * <p>Embedded default: the {@code Release} documents of a fleet folder.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ReleaseSource {

    /**
     * Lists every known release, withdrawn ones included (a cluster may still run one).
     *
     * @return the releases that could be read, and the problems of those that could not
     */
    Listing<Release> releases();
}

package dev.upshift.core.file;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.fleet.ObservedStatus;
import dev.upshift.spi.StatusProbe;
import dev.upshift.spi.Upgrade;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The files world's status probe ({@code upshift run --probe files}): reads the {@code status} a
 * controller, a pipeline or a person wrote back into the cluster's own {@code ManagedCluster}
 * document, and answers as {@link ObservedStatus#answer} says (docs/formats.md, docs/engine.md).
 *
 * <p>It reads the document's file again at each call and changes nothing. A file that cannot be
 * read, or no longer holds the cluster, throws: the engine asks again on its next reconcile.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FileStatusProbe implements StatusProbe {
    private final DocumentFiles files;

    /** A probe reading with the default loader. */
    public FileStatusProbe() {
        this(DocumentFiles.create());
    }

    /** A probe reading with the given files. */
    public FileStatusProbe(DocumentFiles files) {
        this.files = Objects.requireNonNull(files, "files");
    }

    @Override
    public UpgradeStatus probe(Upgrade upgrade, Instant now) {
        return status(upgrade).answer(upgrade, now);
    }

    /** A part of a hop in two parts: as {@link ObservedStatus#answer(Upgrade, UpgradePart, Instant)} says. */
    @Override
    public UpgradeStatus probe(Upgrade part, UpgradePart which, Instant now) {
        return status(part).answer(part, which, now);
    }

    private ObservedStatus status(Upgrade upgrade) {
        String id = upgrade.cluster().id();
        String source = upgrade.cluster().location().source();
        Problems problems = new Problems();
        List<SourceDocument> docs = files.load(Path.of(source), problems);
        for (SourceDocument d : docs) {
            if (isCluster(d, id)) {
                Problems statusProblems = new Problems();
                ObservedStatus status = ObservedStatus.of(d, statusProblems);
                if (statusProblems.hasErrors()) {
                    throw new IllegalStateException("the status of " + id + " cannot be read: "
                            + statusProblems.all().get(0));
                }
                return status;
            }
        }
        throw new IllegalStateException(source + " no longer holds ManagedCluster " + id
                + (problems.hasErrors() ? ": " + problems.all().get(0) : ""));
    }

    private static boolean isCluster(SourceDocument d, String id) {
        var root = d.root();
        return "ManagedCluster".equals(root.path("kind").asText(null))
                && id.equals(root.path("metadata").path("name").asText(null));
    }
}

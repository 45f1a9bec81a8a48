package dev.upshift.core.engine;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.UpgradePart;
import dev.upshift.spi.UpgradeRequest.Owner;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which documents of a change are the workers' ({@link Owners}): every machine deployment's and
 * machine pool's, and the templates and configs they name that no control plane names. The rest is
 * the control plane's part.
 */
final class PartSplit {
    private PartSplit() {}

    static Predicate<DocumentId> workers(MergeResult change) {
        Set<DocumentId> workers = new HashSet<>();
        Set<DocumentId> controlPlanes = new HashSet<>();
        for (Owner o : Owners.of(change)) {
            Set<DocumentId> into = o.kind() == Owner.Kind.CONTROL_PLANE ? controlPlanes : workers;
            for (Document d : Owners.specs(change, o).documents()) {
                into.add(d.id());
            }
        }
        workers.removeAll(controlPlanes);
        return workers::contains;
    }

    /** Whether the change moves both parts: a document of the control plane's and one of the workers'. */
    static boolean bothMove(MergeResult change) {
        return moves(change, true) && moves(change, false);
    }

    /** The one part the change moves, when it moves exactly one. */
    static Optional<UpgradePart> onlyMoves(MergeResult change) {
        boolean cp = moves(change, true);
        boolean wk = moves(change, false);
        if (cp == wk) {
            return Optional.empty();
        }
        return Optional.of(cp ? UpgradePart.CONTROL_PLANE : UpgradePart.WORKERS);
    }

    private static boolean moves(MergeResult change, boolean controlPlane) {
        Predicate<DocumentId> workers = workers(change);
        Set<DocumentId> controlPlanes = new HashSet<>();
        for (Owner o : Owners.of(change)) {
            if (o.kind() == Owner.Kind.CONTROL_PLANE) {
                Owners.specs(change, o).documents().forEach(d -> controlPlanes.add(d.id()));
            }
        }
        if (controlPlane) {
            return change.changedDocuments().stream().anyMatch(id -> controlPlanes.contains(id) && !workers.test(id));
        }
        return change.changedDocuments().stream().anyMatch(workers);
    }
}

package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.diff.merge.MergeResult;
import org.apiguardian.api.API;

/**
 * Carries an upgrade's change out into the world: applies the changed documents directly to a
 * management cluster, or writes them to a git repository as a commit (or pull request) for GitOps
 * tooling to apply (seed 000).
 *
 * <p><b>Contract.</b> The engine calls {@link #publish} on its reconcile thread once it has decided
 * that an upgrade starts now: its window is open, every {@link UpgradeHook} let it proceed, and an
 * {@link UpgradeStrategy} accepted it or the rolling fallback applies. Publishing always happens (the
 * documents are the cluster's desired state); the strategy decides how the machines reach it. The
 * change is never blocked: changes with failing conflicts or immutable fields never reach a
 * publisher. The call may block (a push, an apply) and must be idempotent by
 * {@link Upgrade#id()}: after a crash the engine may publish the same upgrade again, and a publisher
 * that finds it already published (the commit exists, the objects already match) answers
 * {@link Publication#published} and changes nothing: with the same reference where its target keeps
 * one (a commit id), otherwise with one that says the change was already there. A refusal that trying
 * again will not fix (the API server rejects an object, a protected branch refuses the push) is an
 * answer, {@link Publication#rejected}, and fails the upgrade with its reason. An exception means
 * the publisher could not tell: the engine records nothing as published and tries again on its next
 * reconcile.
 *
 * <p>Embedded default: writing the changed documents back to the fleet folder.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ChangePublisher {

    /**
     * Publishes an upgrade's change.
     *
     * @param upgrade the upgrade: which cluster, from and to which release, and its stable id
     * @param change the three-way merge for the upgrade: {@link MergeResult#documents()} are the
     *     cluster's documents after it, {@link MergeResult#changes()} say field by field what changes
     *     and why
     * @return where the change went, or why it was refused
     */
    Publication publish(Upgrade upgrade, MergeResult change);
}

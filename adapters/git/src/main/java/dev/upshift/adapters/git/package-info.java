/**
 * GitOps with JGit (docs/adapters.md, "git"): a {@link dev.upshift.adapters.git.GitPublisher} that
 * makes every upgrade one reviewable commit, pushed without force and exactly once by the upgrade's
 * id, and a {@link dev.upshift.adapters.git.GitFleetSource} that reads the fleet from a repository
 * at one commit per reconcile, both over a {@link dev.upshift.adapters.git.GitCheckout}.
 */
package dev.upshift.adapters.git;

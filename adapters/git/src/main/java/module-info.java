/** GitOps with JGit: the git publisher and the fleet read from git (docs/adapters.md). */
module dev.upshift.adapters.git {
    requires transitive dev.upshift.core;
    requires org.eclipse.jgit;

    exports dev.upshift.adapters.git;
}

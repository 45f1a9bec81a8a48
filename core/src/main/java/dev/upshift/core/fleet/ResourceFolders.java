package dev.upshift.core.fleet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Finds the Kubernetes documents of the folder a {@code ManagedCluster} names in
 * {@code spec.resourcesFrom}. Reading a folder is I/O, so the cluster reader asks this instead of
 * reading files itself: whoever read the cluster documents hands in how their folders are found.
 * The embedded file adapter ({@code core.file.FleetFiles}) finds them relative to the folder of the
 * file the cluster document came from; a tool that reads its fleet from elsewhere (git, an API)
 * passes its own to {@link FleetKinds#standard(ResourceFolders)} or {@link FleetKinds#managedCluster}.
 *
 * <p>Called once per cluster document that names a folder, on the reading thread.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ResourceFolders {

    /**
     * The documents of a cluster's resource folder.
     *
     * @param cluster the {@code ManagedCluster} document
     * @param folder {@code spec.resourcesFrom} as written
     * @param problems where problems go: problems of the folder itself (missing, not a folder,
     *     absolute) at {@code cluster.locate("/spec/resourcesFrom")} with field
     *     {@code spec.resourcesFrom}, problems of its files at their own positions. Any error leaves
     *     the cluster out.
     * @return every document of every file of the folder, in path order
     */
    List<SourceDocument> documents(SourceDocument cluster, String folder, Problems problems);

    /**
     * The documents of one item of a cluster's {@code spec.manifestsFrom}: a folder or file of the
     * manifests deployed into the cluster (its GitOps application folder), found under the same rules
     * as {@code spec.resourcesFrom}'s folder.
     *
     * <p>The default finds them as {@link #documents} does, for finders written before
     * {@code manifestsFrom}; the problems of the path itself then point at {@code spec.resourcesFrom},
     * so a finder that can override this to place them at {@code pointer}.
     *
     * @param cluster the {@code ManagedCluster} document
     * @param pointer where the path is written, {@code /spec/manifestsFrom/0}: problems of the path
     *     itself go to {@code cluster.locate(pointer)}
     * @param field the field's name for those problems, {@code spec.manifestsFrom[0]}
     * @param path the path as written
     * @param problems where problems go, as for {@link #documents}
     * @return every document of every file below the path, in path order
     */
    default List<SourceDocument> manifests(SourceDocument cluster, String pointer, String field, String path,
            Problems problems) {
        return documents(cluster, path, problems);
    }

    /**
     * No folders: a cluster that names one is an error at {@code spec.resourcesFrom}, since documents
     * that did not come with their folders (from a stream, a string, an API) have none to read. What
     * {@link FleetKinds#MANAGED_CLUSTER} uses.
     */
    static ResourceFolders none() {
        return new ResourceFolders() {
            @Override
            public List<SourceDocument> documents(SourceDocument cluster, String folder, Problems problems) {
                problems.error(cluster.locate("/spec/resourcesFrom"), "spec.resourcesFrom", "'" + folder
                        + "' is not read: these documents were not read from a fleet folder; list the cluster's"
                        + " Kubernetes documents under spec.resources instead");
                return List.of();
            }

            @Override
            public List<SourceDocument> manifests(SourceDocument cluster, String pointer, String field, String path,
                    Problems problems) {
                problems.error(cluster.locate(pointer), field, "'" + path + "' is not read: these documents were not"
                        + " read from a fleet folder, which the manifests must lie in");
                return List.of();
            }
        };
    }
}

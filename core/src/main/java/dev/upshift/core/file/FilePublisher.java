package dev.upshift.core.file;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Printable;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.edit.EditedText;
import dev.upshift.diff.edit.TextEditException;
import dev.upshift.diff.edit.TextEdits;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.release.Version;
import dev.upshift.spi.ChangePublisher;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The embedded default {@link ChangePublisher}: writes an upgrade into the fleet folder its clusters
 * were read from ({@link FleetFolder}). The cluster's {@code spec.release} becomes the upgrade's
 * target and the fields the merge changes in its resources (inline {@code spec.resources}, or the
 * files of {@code spec.resourcesFrom}) are edited in place with {@link TextEdits}: a reviewer's
 * {@code git diff} shows exactly the lines that change, comments and layout kept.
 *
 * <pre>{@code
 * Publication p = FilePublisher.of(Path.of("fleet")).publish(upgrade, change);
 * }</pre>
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li><b>Idempotent by content.</b> The edit is applied three-way against the files as they are
 *       now: when they already hold the target (published before, by this or anything else), nothing
 *       is written and the answer is {@link Publication#published} with a reference that says so
 *       ({@code already published: ...}). A first publication's reference names the files written
 *       and how many lines changed in each ({@code wrote clusters/prod-eu-1.yaml (1 line), ...}).
 *   <li><b>All or nothing across files.</b> Every new content is written to a hidden temporary
 *       file beside its file and flushed; only then is each renamed over its file, resources first
 *       and the cluster's own file, with {@code spec.release}, last. A failure before the renames
 *       changes nothing. A crash between two renames leaves some resource files at the target and
 *       {@code spec.release} still at the old release (plus hidden temporary files, which fleet
 *       readers skip): the next plan sees an unfinished upgrade from the old release, and publishing
 *       it again (or the same change again) writes only what is missing.
 *   <li><b>Only inside the fleet folder.</b> Every file is resolved through symbolic links and must
 *       lie inside the fleet folder, as the fleet reader requires of {@code resourcesFrom}.
 * </ul>
 *
 * <h2>Answers</h2>
 * {@link Publication#rejected} (trying again will not help) when the change is blocked, a file lies
 * outside the fleet folder or no longer exists, a file is read-only, a file changed under the
 * change (a field the merge changes holds neither the value it started from nor its result, or
 * {@code spec.release} is neither the upgrade's from nor its to), or an edit cannot be made in place
 * (an alias, a custom tag); every reason names the file. An {@link UncheckedIOException} when a file
 * cannot be read or written for another reason (a full disk, a file system mounted read-only):
 * nothing is published, and the engine tries again.
 *
 * <p>Files are named as the fleet reader named them (relative paths are relative to the working
 * folder, as when the fleet was read). Thread-safe; two publishers must not write one fleet folder
 * at once (the engine's lock sees to that).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FilePublisher implements ChangePublisher {
    private final FleetBoundary fleet;
    private final DocumentLoader loader;

    /**
     * A publisher into the given fleet folder (or the folder of the file, for a fleet read from one
     * file), reading files with the given loader (its limits apply).
     */
    public FilePublisher(Path fleetFolder, DocumentLoader loader) {
        this.fleet = new FleetBoundary(Objects.requireNonNull(fleetFolder, "fleetFolder"));
        this.loader = Objects.requireNonNull(loader, "loader");
    }

    /** A publisher into the given fleet folder, with the default loader. */
    public static FilePublisher of(Path fleetFolder) {
        return new FilePublisher(fleetFolder, DocumentLoader.create());
    }

    @Override
    public Publication publish(Upgrade upgrade, MergeResult change) {
        Objects.requireNonNull(upgrade, "upgrade");
        Objects.requireNonNull(change, "change");
        ManagedCluster cluster = upgrade.cluster();
        if (change.isBlocked()) {
            return Publication.rejected("the change of " + cluster.id() + " is blocked (" + change.blocked().get(0)
                    + "); resolve it and plan again");
        }
        if (cluster.location().line() <= 0) {
            return Publication.rejected("cluster " + cluster.id() + " was not read from a file of the fleet folder"
                    + " (its place is '" + cluster.location().source() + "'); there is nothing to write");
        }
        try {
            String clusterSource = cluster.location().source();
            Map<String, FleetBoundary.File> files = files(clusterSource, change, cluster.id());
            FileTransaction writes = new FileTransaction();
            List<String> written = new ArrayList<>();
            List<String> order = new ArrayList<>(files.keySet());
            order.remove(clusterSource);
            order.add(clusterSource); // spec.release last: a crash between renames leaves the old release
            for (String source : order) {
                FleetBoundary.File file = files.get(source);
                TextEdits edits = TextEdits.of(source, file.text(), loader).apply(change);
                if (source.equals(clusterSource)) {
                    setRelease(edits, upgrade);
                }
                EditedText edited = edits.edit();
                if (edited.changed()) {
                    writes.replace(file.real(), file.bytes(), edited.text().getBytes(StandardCharsets.UTF_8));
                    int lines = edited.changedLines();
                    written.add(file.name() + " (" + lines + (lines == 1 ? " line)" : " lines)"));
                }
            }
            if (written.isEmpty()) {
                return Publication.published(Printable.of("already published: " + String.join(", ",
                        files.values().stream().map(FleetBoundary.File::name).toList()) + " hold release " + upgrade.to()));
            }
            writes.commit();
            return Publication.published(Printable.of("wrote " + String.join(", ", written.stream().sorted().toList())));
        } catch (FleetBoundary.Refused | FileTransaction.Refused e) {
            return Publication.rejected(Printable.of(e.getMessage()));
        } catch (TextEditException e) {
            return Publication.rejected(Printable.of(e.getMessage()));
        } catch (InputException e) {
            return Publication.rejected("a file of cluster " + cluster.id() + " no longer reads: " + e.errors().get(0));
        } catch (IOException e) {
            throw new UncheckedIOException(Printable.of("could not publish " + upgrade + ": " + DocumentFiles.reason(e)), e);
        }
    }

    /** The files the publication touches, read: the cluster's own, and those of the documents the change touches. */
    private Map<String, FleetBoundary.File> files(String clusterSource, MergeResult change, String id)
            throws FleetBoundary.Refused, IOException {
        Map<String, FleetBoundary.File> files = new TreeMap<>();
        files.put(clusterSource, fleet.file(clusterSource, "the document of cluster " + id));
        for (String source : TextEdits.sources(change)) {
            if (!files.containsKey(source)) {
                files.put(source, fleet.file(source, "a resource file of cluster " + id));
            }
        }
        return files;
    }

    /** Moves {@code spec.release} of the cluster's document from the upgrade's from to its to (kept when already there). */
    private static void setRelease(TextEdits edits, Upgrade upgrade) throws FleetBoundary.Refused {
        String id = upgrade.cluster().id();
        List<SourceDocument> docs = edits.documents();
        int index = -1;
        for (int i = 0; i < docs.size(); i++) {
            if (docs.get(i).kind().equals("ManagedCluster") && docs.get(i).name().equals(id)) {
                index = i;
            }
        }
        if (index < 0) {
            throw new FleetBoundary.Refused(edits.source() + " no longer holds the ManagedCluster " + id);
        }
        JsonNode release = docs.get(index).root().path("spec").path("release");
        Optional<Version> now = release.isTextual() ? Version.tryParse(release.textValue()) : Optional.empty();
        if (now.isPresent() && now.get().equals(upgrade.to())) {
            return;
        }
        if (now.isEmpty() || !now.get().equals(upgrade.from())) {
            throw new FleetBoundary.Refused(edits.source() + ": spec.release of " + id + " is " + release
                    + ", but the upgrade was planned from " + upgrade.from() + "; plan again");
        }
        String written = release.textValue().startsWith("v") ? "v" + upgrade.to() : upgrade.to().toString();
        edits.set(index, FieldPath.of("spec", "release"), TextNode.valueOf(written));
    }

    @Override
    public String toString() {
        return "publisher into " + fleet;
    }
}

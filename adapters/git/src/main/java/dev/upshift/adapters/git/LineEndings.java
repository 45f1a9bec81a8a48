package dev.upshift.adapters.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.attributes.Attributes;
import org.eclipse.jgit.lib.CoreConfig.EolStreamType;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.treewalk.FileTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.TreeWalk.OperationType;
import org.eclipse.jgit.treewalk.WorkingTreeOptions;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.util.io.EolStreamTypeUtil;

/**
 * The line endings git converts between a file as committed and as checked out, as the
 * repository's {@code .gitattributes} ask ({@code * text=auto eol=crlf}, {@code *.yaml text
 * eol=crlf}): the checkout writes CRLF into the work tree, where the edit is made, so the edited
 * text goes back the way {@code git add} takes it, its line endings converted to the committed
 * ones. Otherwise every line of the file would change in the commit.
 *
 * <p>One exception, as C git makes it: a file committed with the work tree's line endings already
 * (CRLF in the commit, under {@code text=auto} or an {@code eol} added later) is taken as edited,
 * so that the commit changes only the edited lines and does not renormalise the whole file.
 */
final class LineEndings {
    /** How a file's text is converted: on its way into a commit, and out to the work tree. */
    record Conversion(EolStreamType checkIn, EolStreamType checkOut) {
        static final Conversion NONE = new Conversion(EolStreamType.DIRECT, EolStreamType.DIRECT);

        /**
         * What to commit for a file whose work tree holds {@code workTree} and whose last commit held
         * {@code committed} (empty for a new file).
         */
        byte[] toCommit(byte[] workTree, Optional<byte[]> committed) {
            byte[] cleaned = in(workTree, checkIn);
            if (committed.isEmpty()) {
                return cleaned;
            }
            byte[] checkedOut = out(committed.get(), checkOut);
            if (Arrays.equals(in(checkedOut, checkIn), committed.get())) {
                return cleaned; // the round trip holds: what git add takes
            }
            return Arrays.equals(checkedOut, committed.get()) ? workTree : cleaned;
        }
    }

    private LineEndings() {}

    /**
     * The conversion of each of {@code paths} (relative to the work tree, with {@code /}) that the
     * attributes of {@code tree} and of the work tree ask for; paths without one convert nothing.
     */
    static Map<String, Conversion> of(Repository repository, RevTree tree, Collection<String> paths) {
        Map<String, Conversion> out = new HashMap<>();
        if (paths.isEmpty()) {
            return out;
        }
        WorkingTreeOptions options = repository.getConfig().get(WorkingTreeOptions.KEY);
        try (TreeWalk walk = new TreeWalk(repository)) {
            walk.setOperationType(OperationType.CHECKIN_OP);
            walk.addTree(tree);
            walk.addTree(new FileTreeIterator(repository));
            walk.setRecursive(true);
            walk.setFilter(PathFilterGroup.createFromStrings(paths));
            while (walk.next()) {
                Attributes attributes = walk.getAttributes();
                out.put(walk.getPathString(), new Conversion(
                        EolStreamTypeUtil.detectStreamType(OperationType.CHECKIN_OP, options, attributes),
                        EolStreamTypeUtil.detectStreamType(OperationType.CHECKOUT_OP, options, attributes)));
            }
        } catch (IOException e) {
            throw Remote.failure("could not read the .gitattributes of the clone: " + e.getMessage(), e);
        }
        return out;
    }

    private static byte[] in(byte[] text, EolStreamType type) {
        if (type == null || type == EolStreamType.DIRECT) {
            return text;
        }
        try (InputStream in = EolStreamTypeUtil.wrapInputStream(new java.io.ByteArrayInputStream(text), type)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e); // in memory: never
        }
    }

    private static byte[] out(byte[] text, EolStreamType type) {
        if (type == null || type == EolStreamType.DIRECT) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length + text.length / 16);
        try (OutputStream out = EolStreamTypeUtil.wrapOutputStream(bytes, type)) {
            out.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e); // in memory: never
        }
        return bytes.toByteArray();
    }
}

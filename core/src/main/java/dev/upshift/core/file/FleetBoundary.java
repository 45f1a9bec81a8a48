package dev.upshift.core.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.StringJoiner;

/**
 * The fleet folder as the publisher sees it: the only place it writes (the folder of the file, when
 * the fleet is one file, as {@link FleetFiles} has it). A file named by a document's source is
 * resolved through symbolic links, and must lie inside the folder (itself resolved), as the fleet
 * reader requires of {@code resourcesFrom}.
 */
final class FleetBoundary {
    /** A file the publisher may not touch, with the reason. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * A file of the fleet, read.
     *
     * @param name its path inside the fleet folder, with {@code /}
     * @param real where it really is (symbolic links resolved)
     * @param bytes what it held when read
     * @param text those bytes as UTF-8
     */
    record File(String name, Path real, byte[] bytes, String text) {}

    private final Path folder;

    FleetBoundary(Path folder) {
        this.folder = folder;
    }

    /**
     * Reads a file named by a document's source.
     *
     * @param what what the file is, for messages
     * @throws Refused when it lies outside the folder (by {@code ..}, an absolute path elsewhere or
     *     a symbolic link), does not exist, is not a regular file, cannot be read for want of
     *     permission, or is not UTF-8
     * @throws IOException when reading fails otherwise
     */
    File file(String source, String what) throws Refused, IOException {
        Path path;
        try {
            path = folder.getFileSystem().getPath(source);
        } catch (InvalidPathException e) {
            throw new Refused(what + " was not read from a file (" + source + "); Upshift writes only files it read");
        }
        Path inside = boundary();
        if (!path.toAbsolutePath().normalize().startsWith(inside)) {
            throw new Refused(what + ", " + source + ", lies outside the fleet folder " + folder + "; Upshift writes only"
                    + " inside it");
        }
        if (!Files.exists(path)) {
            throw new Refused(what + ", " + source + ", no longer exists");
        }
        Path real = path.toRealPath();
        Path realInside = inside.toRealPath();
        if (!real.startsWith(realInside)) {
            throw new Refused(what + ", " + source + ", leads out of the fleet folder " + folder + " through a symbolic"
                    + " link; Upshift writes only inside it");
        }
        if (!Files.isRegularFile(real)) {
            throw new Refused(what + ", " + source + ", is not a regular file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(real);
        } catch (AccessDeniedException | NoSuchFileException e) {
            throw new Refused("cannot read " + source + ": " + DocumentFiles.reason(e));
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return new File(name(realInside.relativize(real)), real, bytes, text);
        } catch (CharacterCodingException e) {
            throw new Refused(source + " is not UTF-8 text");
        }
    }

    /** The folder nothing may leave: the folder given, or the folder of the file given (as {@code FleetFiles} has it). */
    private Path boundary() {
        Path absolute = folder.toAbsolutePath().normalize();
        return Files.isDirectory(absolute) || absolute.getParent() == null ? absolute : absolute.getParent();
    }

    private static String name(Path relative) {
        StringJoiner out = new StringJoiner("/");
        relative.forEach(p -> out.add(p.toString()));
        return out.toString();
    }

    @Override
    public String toString() {
        return "the fleet folder " + folder;
    }
}

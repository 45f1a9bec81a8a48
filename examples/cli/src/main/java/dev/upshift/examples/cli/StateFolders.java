package dev.upshift.examples.cli;

import dev.upshift.adapters.git.GitCheckout;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.journal.JsonLinesJournal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import picocli.CommandLine;

/** Where the commands that read or clean the journal find the state folder: {@code --state DIR}, or the fleet's {@code DIR/.upshift}. */
final class StateFolders {
    /** The folder, under the working folder's {@code .upshift}, that holds one folder per git remote. */
    static final String GIT = "git";
    /** How long the readable part of a remote's folder name may be, before its hash. */
    private static final int NAME_LENGTH = 48;

    private StateFolders() {}

    /**
     * The state folder of an engine's commands ({@code run}, {@code apply}) and of those that read
     * what they recorded ({@code plan}, {@code explain}, {@code diff --fleet}, {@code simulate}):
     * {@code --state}; else, with {@code --git URL}, a folder of that remote's own in the working
     * folder ({@link #forRemote}); else the fleet's {@code DIR/.upshift}.
     *
     * @param gitUrl the remote of {@code --git}, or null
     */
    static Path forEngine(Path state, Path fleet, String gitUrl) {
        return forEngine(state, fleet, gitUrl, Path.of(""));
    }

    /** {@link #forEngine(Path, Path, String)} with the working folder given (for tests). */
    static Path forEngine(Path state, Path fleet, String gitUrl, Path workingFolder) {
        if (state != null) {
            return state;
        }
        return gitUrl == null ? JsonLinesJournal.stateFolder(fleet) : forRemote(gitUrl, workingFolder);
    }

    /**
     * The state folder of a remote without {@code --state}: {@code .upshift/git/NAME-HASH} in the
     * working folder, NAME its host and path made a file name, HASH the first 8 hexadecimal digits of
     * the SHA-256 of its address without credentials, so that each remote keeps its own journal and
     * clone, and a rotated password keeps the same folder.
     *
     * <p>State kept before there was a folder per remote stays where it is: when the working folder's
     * {@code .upshift} itself holds a clone of this remote ({@code .upshift/checkout}), that folder
     * goes on being its state folder, journal and clone together, so that nothing recorded is left
     * behind; moving it would race an engine that still runs there.
     */
    static Path forRemote(String gitUrl, Path workingFolder) {
        Path shared = workingFolder.resolve(JsonLinesJournal.STATE_FOLDER);
        String wanted = GitCheckout.withoutCredentials(gitUrl);
        boolean earlier = GitCheckout.remoteOf(shared.resolve("checkout")).map(GitCheckout::withoutCredentials)
                .filter(wanted::equals).isPresent();
        return earlier ? shared : shared.resolve(GIT).resolve(folderName(gitUrl));
    }

    /** {@code git.example.com-platform-fleet-1a2b3c4d}: a remote's folder name. */
    static String folderName(String gitUrl) {
        String plain = GitCheckout.withoutCredentials(gitUrl);
        String name = plain.replaceFirst("^[A-Za-z][A-Za-z0-9+.-]*://", "").replaceFirst("^[^@/]*@", "")
                .replaceFirst("/+$", "").replaceFirst("(?i)\\.git$", "")
                .replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("-{2,}", "-");
        if (name.length() > NAME_LENGTH) {
            name = name.substring(name.length() - NAME_LENGTH);
        }
        name = name.replaceAll("^[-.]+|[-.]+$", "");
        return (name.isEmpty() ? "remote" : name) + "-" + hash(plain);
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4).toLowerCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /**
     * The state folder a command line names.
     *
     * @throws CommandLine.ParameterException when it names neither a fleet nor a state folder
     * @throws UpshiftException when the fleet folder named does not exist or is not a folder
     */
    static Path of(CommandLine commandLine, Path fleet, Path state) {
        if (state != null) {
            return state;
        }
        if (fleet == null) {
            throw new CommandLine.ParameterException(commandLine, "give the fleet folder (--fleet DIR, whose state"
                    + " folder is DIR/" + JsonLinesJournal.STATE_FOLDER + ") or the state folder itself (--state DIR)");
        }
        if (!Files.isDirectory(fleet)) {
            throw new UpshiftException("the fleet folder " + fleet + (Files.exists(fleet) ? " is not a folder"
                    : " does not exist"));
        }
        return JsonLinesJournal.stateFolder(fleet);
    }
}

package dev.upshift.examples.cli;

import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.file.DocumentFiles;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Where the commands read documents: a file or a folder ({@link DocumentFiles}: the path given is
 * followed, whatever it is: a symbolic link, a named pipe, {@code <(cat f.yaml)}, {@code /dev/stdin}),
 * or {@code -}, standard input, which one option of a command line may name. Problems in what
 * standard input holds name it {@value #STDIN}.
 */
final class Inputs {
    /** How problems name standard input. */
    static final String STDIN = "<stdin>";
    private static final Path DASH = Path.of("-");

    private Inputs() {}

    /** Whether a path given on the command line stands for standard input. */
    static boolean isStdin(Path path) {
        return DASH.equals(path);
    }

    /**
     * Refuses, as wrong usage, a command line on which more than one option names standard input.
     *
     * @param optionsAndPaths an option's name, then its value (null when not given), and so on
     */
    static void readOnce(CommandLine commandLine, Object... optionsAndPaths) {
        List<String> named = new ArrayList<>();
        for (int i = 0; i < optionsAndPaths.length; i += 2) {
            Object value = optionsAndPaths[i + 1];
            if (value instanceof Path p ? isStdin(p) : "-".equals(value)) {
                named.add((String) optionsAndPaths[i]);
            }
        }
        if (named.size() > 1) {
            throw new CommandLine.ParameterException(commandLine, "standard input ('-') can be read only once, but "
                    + String.join(" and ", named) + " name it; give the others a file");
        }
    }

    /** The documents of a path, or of standard input for {@code -}; problems go to {@code problems}. */
    static List<SourceDocument> load(Path path, InputStream stdin, Problems problems) {
        DocumentFiles files = DocumentFiles.create();
        return isStdin(path) ? files.load(STDIN, stdin, problems) : files.load(path, problems);
    }
}

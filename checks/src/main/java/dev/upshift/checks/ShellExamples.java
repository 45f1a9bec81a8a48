package dev.upshift.checks;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code ./upshift} commands the pages show, with what they show of the result.
 *
 * <p>Two forms. A transcript ({@code $ ./upshift ...} followed by what it prints): the lines after
 * the command are its stdout, exactly; after a line {@code (stderr)}, its stderr, exactly; a line
 * {@code ...} stands for any number of lines; {@code $ echo $?} followed by a number is the exit
 * code. A plain {@code sh} block lists commands without their output: each must run without a
 * usage error. Other commands ({@code ./mvnw}, {@code java -jar}) are not run. A trailing
 * {@code \} continues a command on the next line.
 */
final class ShellExamples {
    private static final Set<String> SHELL = Set.of("", "sh", "console", "shell", "bash");
    static final String ANY_LINES = "...";

    /**
     * One command and what the page shows of it.
     *
     * @param stdout the lines shown, or empty when the page shows no output
     * @param stderr the stderr lines shown after {@code (stderr)}, or empty when not shown
     * @param exitCode the exit code shown by {@code echo $?}, or empty
     */
    record Example(String page, int line, List<String> args, Optional<List<String>> stdout,
            Optional<List<String>> stderr, Optional<Integer> exitCode) {
        @Override
        public String toString() {
            return page + ":" + line + ": $ ./upshift " + String.join(" ", args);
        }
    }

    private ShellExamples() {}

    static List<Example> all(List<MarkdownBlocks.Block> blocks) {
        List<Example> out = new ArrayList<>();
        for (MarkdownBlocks.Block b : blocks) {
            if (SHELL.contains(b.lang())) {
                out.addAll(parse(b));
            }
        }
        return out;
    }

    private static List<Example> parse(MarkdownBlocks.Block block) {
        List<String> lines = block.text().lines().toList();
        boolean transcript = lines.stream().anyMatch(l -> l.startsWith("$ "));
        List<Example> out = new ArrayList<>();
        Builder current = null;
        boolean exitCodeNext = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int at = block.line() + i;
            if (transcript && !line.startsWith("$ ")) {
                if (exitCodeNext && current != null) {
                    out.set(out.size() - 1, current.exitCode(Integer.parseInt(line.trim())).build());
                    exitCodeNext = false;
                } else if (current != null) {
                    current.add(line);
                    out.set(out.size() - 1, current.build());
                }
                continue;
            }
            StringBuilder command = new StringBuilder(transcript ? line.substring(2) : line);
            while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
                command.setLength(command.length() - 1);
                command.append(' ').append(lines.get(++i).trim());
            }
            List<String> words = words(command.toString());
            if (transcript && words.equals(List.of("echo", "$?"))) {
                exitCodeNext = true;
                continue;
            }
            if (words.isEmpty() || !words.get(0).equals("./upshift")) {
                current = null;
                continue;
            }
            current = new Builder(block.page(), at, words.subList(1, words.size()), transcript);
            out.add(current.build());
        }
        return out;
    }

    /** Shell words: whitespace splits, quotes group, a backslash escapes, an unquoted # starts a comment. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (c == '\\' && i + 1 < command.length()) {
                word = word == null ? new StringBuilder() : word;
                word.append(command.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /**
     * Whether {@code actual} is {@code expected}, where an expected line {@code ...} stands for any
     * lines, and an ellipsis {@code …} inside an expected line for any run of characters other than
     * white space (a name that differs per run, such as the demo's own folder).
     */
    static boolean matches(List<String> expected, List<String> actual) {
        boolean[] next = new boolean[actual.size() + 1];
        next[actual.size()] = true;
        for (int i = expected.size() - 1; i >= 0; i--) {
            boolean[] cur = new boolean[actual.size() + 1];
            for (int j = actual.size(); j >= 0; j--) {
                cur[j] = expected.get(i).equals(ANY_LINES)
                        ? next[j] || (j < actual.size() && cur[j + 1])
                        : j < actual.size() && sameLine(expected.get(i), actual.get(j)) && next[j + 1];
            }
            next = cur;
        }
        return next[0];
    }

    private static boolean sameLine(String expected, String actual) {
        if (!expected.contains("…")) {
            return expected.equals(actual);
        }
        StringBuilder regex = new StringBuilder();
        for (String part : expected.split("…", -1)) {
            if (regex.length() > 0) {
                regex.append("\\S*");
            }
            regex.append(java.util.regex.Pattern.quote(part));
        }
        return actual.matches(regex.toString()) || expected.equals(actual);
    }

    private static final class Builder {
        private final String page;
        private final int line;
        private final List<String> args;
        private final List<String> stdout;
        private List<String> stderr;
        private Integer exitCode;

        Builder(String page, int line, List<String> args, boolean shown) {
            this.page = page;
            this.line = line;
            this.args = List.copyOf(args);
            this.stdout = shown ? new ArrayList<>() : null;
        }

        void add(String text) {
            if (text.equals("(stderr)")) {
                stderr = new ArrayList<>();
            } else if (stderr != null) {
                stderr.add(text);
            } else {
                stdout.add(text);
            }
        }

        Builder exitCode(int code) {
            exitCode = code;
            return this;
        }

        Example build() {
            return new Example(page, line, args, Optional.ofNullable(stdout).map(List::copyOf),
                    Optional.ofNullable(stderr).map(List::copyOf), Optional.ofNullable(exitCode));
        }
    }
}

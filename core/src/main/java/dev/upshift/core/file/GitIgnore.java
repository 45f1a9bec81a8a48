package dev.upshift.core.file;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The patterns of one {@code .gitignore} file, read as git reads them: blank lines and {@code #}
 * comments skipped, {@code !} re-includes, a trailing {@code /} matches folders only, a pattern
 * with a {@code /} before its end is relative to the file's folder while one without matches a name
 * at any depth, {@code *} and {@code ?} stay within a name, {@code [...]} is a set of characters
 * and {@code **} spans folders. Git's global excludes and {@code .git/info/exclude} are not read.
 *
 * @param folder the folder holding the file, absolute and normalised
 * @param rules the patterns, in file order
 */
record GitIgnore(Path folder, List<GitIgnore.Rule> rules) {

    GitIgnore {
        rules = List.copyOf(rules);
    }

    static GitIgnore read(Path folder, String text) {
        List<Rule> rules = new ArrayList<>();
        for (String line : text.split("\r?\n", -1)) {
            Rule.parse(line).ifPresent(rules::add);
        }
        return new GitIgnore(folder, rules);
    }

    /**
     * Whether this file ignores a path (true), re-includes it (false) or says nothing (null): the
     * last of its patterns that matches decides.
     */
    Boolean decide(Path abs, boolean directory) {
        if (!abs.startsWith(folder) || abs.equals(folder)) {
            return null;
        }
        String relative = folder.relativize(abs).toString().replace('\\', '/');
        String name = abs.getFileName().toString();
        Boolean decision = null;
        for (Rule r : rules) {
            if ((directory || !r.folderOnly()) && Glob.matches(r.glob(), r.anchored() ? relative : name)) {
                decision = !r.negated();
            }
        }
        return decision;
    }

    /** One pattern line. */
    record Rule(String glob, boolean negated, boolean folderOnly, boolean anchored) {

        static Optional<Rule> parse(String line) {
            String p = stripTrailingSpaces(line);
            if (p.isEmpty() || p.startsWith("#")) {
                return Optional.empty();
            }
            boolean negated = p.startsWith("!");
            if (negated || p.startsWith("\\!") || p.startsWith("\\#")) {
                p = p.substring(1);
            }
            boolean folderOnly = p.endsWith("/");
            if (folderOnly) {
                p = p.substring(0, p.length() - 1);
            }
            boolean anchored = p.contains("/");
            if (p.startsWith("/")) {
                p = p.substring(1);
            }
            return p.isEmpty() ? Optional.empty()
                    : Optional.of(new Rule(p, negated, folderOnly, anchored));
        }

        private static String stripTrailingSpaces(String line) {
            int end = line.length();
            while (end > 0 && line.charAt(end - 1) == ' ' && !(end > 1 && line.charAt(end - 2) == '\\')) {
                end--;
            }
            return line.substring(0, end);
        }
    }
}

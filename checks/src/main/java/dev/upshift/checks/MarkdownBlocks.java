package dev.upshift.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The fenced code blocks of the project's Markdown pages: README.md and docs/*.md. */
final class MarkdownBlocks {
    private static final String CONTEXT_START = "<!-- snippet context:";

    /**
     * One fenced block.
     *
     * @param page the page, relative to the repository root ({@code docs/cli.md})
     * @param line the 1-based line of the block's first content line
     * @param lang what follows the opening fence ({@code java}, {@code console}, or empty)
     * @param text the block's content, each line ending in {@code \n}
     * @param context Java declarations the page states in an HTML comment right above the block
     *     ({@code <!-- snippet context: List<SourceDocument> documents; -->}): what the snippet
     *     assumes in scope, invisible on the rendered page
     */
    record Block(String page, int line, String lang, String text, Optional<String> context) {}

    private MarkdownBlocks() {}

    /** Every page of the repository at {@code root}: README.md, then docs/*.md in name order. */
    static List<String> pages(Path root) {
        List<String> pages = new ArrayList<>(List.of("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.map(p -> "docs/" + p.getFileName()).filter(p -> p.endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** The blocks of every page. */
    static List<Block> all(Path root) {
        List<Block> out = new ArrayList<>();
        for (String page : pages(root)) {
            try {
                out.addAll(parse(page, Files.readString(root.resolve(page), StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The blocks of one page's text. */
    static List<Block> parse(String page, String markdown) {
        List<String> lines = markdown.lines().toList();
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String open = lines.get(i);
            if (!open.startsWith("```")) {
                continue;
            }
            int start = i + 1;
            int end = start;
            while (end < lines.size() && !lines.get(end).equals("```")) {
                end++;
            }
            StringBuilder text = new StringBuilder();
            lines.subList(start, Math.min(end, lines.size())).forEach(l -> text.append(l).append('\n'));
            out.add(new Block(page, start + 1, open.substring(3).trim(), text.toString(), context(lines, i)));
            i = end;
        }
        return out;
    }

    /** The snippet context comment that ends on the line above the fence at {@code fence}. */
    private static Optional<String> context(List<String> lines, int fence) {
        int last = fence - 1;
        if (last < 0 || !lines.get(last).trim().endsWith("-->")) {
            return Optional.empty();
        }
        int first = last;
        while (first >= 0 && !lines.get(first).startsWith(CONTEXT_START)) {
            if (first < last && lines.get(first).contains("-->")) {
                return Optional.empty();
            }
            first--;
        }
        if (first < 0) {
            return Optional.empty();
        }
        String joined = String.join("\n", lines.subList(first, last + 1));
        return Optional.of(joined.substring(CONTEXT_START.length(), joined.lastIndexOf("-->")).strip());
    }
}

package dev.upshift.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Turns the Java blocks of the Markdown pages into compilation units and compiles them.
 *
 * <p>A block that declares types at its left margin (a class, a record, an interface) is a
 * compilation unit as it stands. Any other block is statements: they become the body of a method
 * that may throw, in a class whose members are the block's {@linkplain MarkdownBlocks.Block#context
 * context}. A block's {@code import} lines stay imports. The blocks of one page share a package, so
 * a later block may use a type an earlier one declares. On the pages of {@code docs/}, every API
 * package of every module and the usual JDK packages are imported on demand, so that a snippet
 * shows only what matters; the README's snippets must name every import themselves (they are
 * "complete").
 */
final class JavaSnippets {
    private static final Pattern TYPE = Pattern.compile(
            "^(?:public |final |abstract |sealed |non-sealed )*(?:class|record|interface|enum) (\\w+)", Pattern.MULTILINE);
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "^public (?:final |abstract |sealed |non-sealed )*(?:class|record|interface|enum) (\\w+)", Pattern.MULTILINE);
    private static final List<String> JDK_PACKAGES = List.of("java.util", "java.util.function", "java.io",
            "java.nio.file", "java.time", "com.fasterxml.jackson.databind", "com.fasterxml.jackson.databind.node");

    /** A generated source and, for each of its lines, the page line it came from (0: generated). */
    record Unit(String packageName, String className, String source, String page, int[] pageLines) {
        String qualifiedName() {
            return packageName + "." + className;
        }
    }

    /** A compile error, where the page says it. */
    record Error(String page, int line, String message) {
        @Override
        public String toString() {
            return page + ":" + line + ": " + message;
        }
    }

    private JavaSnippets() {}

    /** The API packages every module exports to everyone, read from the modules' module-info.java. */
    static List<String> apiPackages(Path root) {
        Set<String> packages = new TreeSet<>();
        Pattern export = Pattern.compile("^\\s*exports ([\\w.]+);", Pattern.MULTILINE);
        try (Stream<Path> files = Files.walk(root, 5)) {
            for (Path info : files.filter(p -> p.endsWith(Path.of("src", "main", "java", "module-info.java"))).toList()) {
                Matcher m = export.matcher(Files.readString(info, StandardCharsets.UTF_8));
                while (m.find()) {
                    packages.add(m.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(packages);
    }

    /** The compilation units of the Java blocks among {@code blocks}. */
    static List<Unit> units(List<MarkdownBlocks.Block> blocks, List<String> apiPackages) {
        List<Unit> out = new ArrayList<>();
        for (MarkdownBlocks.Block b : blocks) {
            if (b.lang().equals("java")) {
                out.add(unit(b, b.page().startsWith("docs/") ? apiPackages : List.of()));
            }
        }
        return out;
    }

    static Unit unit(MarkdownBlocks.Block block, List<String> onDemand) {
        String pkg = "snippets." + block.page().replaceAll("\\.md$", "").replaceAll("[^A-Za-z0-9]", "_")
                .toLowerCase(Locale.ROOT);
        List<String> lines = new ArrayList<>();
        List<Integer> origin = new ArrayList<>();
        add(lines, origin, "package " + pkg + ";", 0);
        for (String p : onDemand) {
            add(lines, origin, "import " + p + ".*;", 0);
        }
        if (!onDemand.isEmpty()) {
            JDK_PACKAGES.forEach(p -> add(lines, origin, "import " + p + ".*;", 0));
        }
        List<String> context = block.context().map(c -> c.lines().toList()).orElse(List.of());
        context.stream().filter(l -> l.startsWith("import ")).forEach(l -> add(lines, origin, l, 0));
        List<String> body = block.text().lines().toList();
        for (int i = 0; i < body.size(); i++) {
            if (body.get(i).startsWith("import ")) {
                add(lines, origin, body.get(i), block.line() + i);
            }
        }
        Matcher publicType = PUBLIC_TYPE.matcher(block.text());
        String className = publicType.find() ? publicType.group(1) : "Snippet" + block.line();
        boolean declaresTypes = TYPE.matcher(block.text()).find();
        if (!declaresTypes) {
            add(lines, origin, "final class " + className + " {", 0);
            context.stream().filter(l -> !l.startsWith("import ")).forEach(l -> add(lines, origin, "    " + l, 0));
            add(lines, origin, "    void snippet() throws Exception {", 0);
        }
        for (int i = 0; i < body.size(); i++) {
            if (!body.get(i).startsWith("import ")) {
                add(lines, origin, body.get(i), block.line() + i);
            }
        }
        if (!declaresTypes) {
            add(lines, origin, "    }", 0);
            add(lines, origin, "}", 0);
        }
        return new Unit(pkg, className, String.join("\n", lines) + "\n", block.page(),
                origin.stream().mapToInt(Integer::intValue).toArray());
    }

    private static void add(List<String> lines, List<Integer> origin, String line, int pageLine) {
        lines.add(line);
        origin.add(pageLine);
    }

    /** Compiles the units into {@code out} against this JVM's class path; returns the errors, by page line. */
    static List<Error> compile(List<Unit> units, Path out) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<Source> sources = units.stream().map(Source::new).toList();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("--release", "17", "-proc:none", "-implicit:none", "-encoding", "UTF-8",
                    "-classpath", System.getProperty("java.class.path"), "-d", out.toString());
            javac.getTask(null, files, diagnostics, options, null, sources).call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Error> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            String message = d.getMessage(Locale.ROOT).lines().findFirst().orElse("");
            if (d.getSource() instanceof Source s && d.getLineNumber() > 0) {
                int generated = (int) d.getLineNumber() - 1;
                int pageLine = generated < s.unit.pageLines().length ? s.unit.pageLines()[generated] : 0;
                errors.add(new Error(s.unit.page(), pageLine, message
                        + (pageLine == 0 ? " (in the code around the snippet: " + s.unit.qualifiedName() + ")" : "")));
            } else {
                errors.add(new Error("(javac)", 0, message));
            }
        }
        return errors;
    }

    /** A unit as javac reads it. */
    private static final class Source extends SimpleJavaFileObject {
        final Unit unit;

        Source(Unit unit) {
            super(URI.create("string:///" + unit.qualifiedName().replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.unit = unit;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return unit.source();
        }
    }
}

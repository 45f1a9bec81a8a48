package dev.upshift.operator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads docs/formats.md, the reference of the document formats, as an oracle of what a document holds. */
final class FormatsDoc {
    private static final Pattern FIELD = Pattern.compile("^\\| `([^`]+)` \\|");

    private FormatsDoc() {}

    /** The complete YAML example of a kind's section (the block that starts with {@code apiVersion:}). */
    static String example(Path formats, String kind) throws IOException {
        List<String> section = section(formats, kind);
        StringBuilder out = new StringBuilder();
        boolean inside = false;
        for (String line : section) {
            if (line.equals("```yaml")) {
                inside = true;
                out.setLength(0);
            } else if (line.equals("```") && inside) {
                if (out.toString().startsWith("apiVersion:")) {
                    return out.toString();
                }
                inside = false;
            } else if (inside) {
                out.append(line).append('\n');
            }
        }
        throw new IllegalStateException("formats.md has no complete " + kind + " example");
    }

    /** The top-level {@code spec} fields of a kind's table ({@code spec.target.channel} counts as {@code target}). */
    static Set<String> specFields(Path formats, String kind) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        for (String line : section(formats, kind)) {
            Matcher m = FIELD.matcher(line);
            if (m.find() && m.group(1).startsWith("spec.")) {
                out.add(m.group(1).substring(5).split("\\.")[0]);
            }
        }
        return out;
    }

    /** The fields of the table that follows the line starting with {@code intro} in a kind's section. */
    static Set<String> tableAfter(Path formats, String kind, String intro) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        boolean after = false;
        for (String line : section(formats, kind)) {
            if (line.startsWith(intro)) {
                after = true;
            } else if (after) {
                Matcher m = FIELD.matcher(line);
                if (m.find()) {
                    out.add(m.group(1));
                } else if (!out.isEmpty() && !line.startsWith("|")) {
                    return out;
                }
            }
        }
        return out;
    }

    private static List<String> section(Path formats, String kind) throws IOException {
        List<String> out = new ArrayList<>();
        boolean inside = false;
        for (String line : Files.readAllLines(formats, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                inside = line.equals("## " + kind);
            } else if (inside) {
                out.add(line);
            }
        }
        return out;
    }
}

package dev.upshift.examples.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A writer that, line by line, shows paths inside a work tree relative to its root: {@code plan
 * --git} names the files of its temporary clone as the repository names them, since the folder is
 * gone when the command ends.
 */
final class RepositoryPaths extends Writer {
    private final List<Path> forms;
    private final PrintWriter target;
    private final StringBuilder line = new StringBuilder();

    RepositoryPaths(Path root, PrintWriter target) {
        this.forms = forms(root);
        this.target = target;
    }

    /** {@code text} with every path inside {@code root} relative to it, and {@code root} itself {@code .}. */
    static String relative(Path root, String text) {
        return relative(forms(root), text);
    }

    private static String relative(List<Path> forms, String text) {
        String out = text;
        for (Path form : forms) {
            out = out.replace(form + File.separator, "").replace(form.toString(), ".");
        }
        return out;
    }

    private static List<Path> forms(Path root) {
        List<Path> forms = new ArrayList<>(List.of(root));
        try {
            Path real = root.toRealPath();
            if (!real.equals(root)) {
                forms.add(real);
            }
        } catch (IOException e) {
            // the folder is gone: its given form is all there is to replace
        }
        return forms;
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            line.append(buffer[i]);
            if (buffer[i] == '\n') {
                target.write(relative(forms, line.toString()));
                line.setLength(0);
            }
        }
    }

    @Override
    public void flush() {
        if (line.length() > 0) {
            target.write(relative(forms, line.toString()));
            line.setLength(0);
        }
        target.flush();
    }

    @Override
    public void close() {
        flush();
    }
}

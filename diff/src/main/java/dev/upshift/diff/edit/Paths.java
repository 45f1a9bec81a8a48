package dev.upshift.diff.edit;

import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.path.PathText;

/** Dotted field paths for messages, built step by step. */
final class Paths {
    private Paths() {}

    static String field(String path, String key) {
        String step = PathText.render(new PathElement.Field(key));
        return path.isEmpty() || step.startsWith("[") ? path + step : path + "." + step;
    }

    static String item(String path, int index) {
        return path + "[" + index + "]";
    }
}

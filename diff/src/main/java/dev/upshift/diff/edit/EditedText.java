package dev.upshift.diff.edit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A file's text before and after {@link TextEdits}: only the lines of changed fields differ.
 *
 * @param source the file's name, as the edits were given it
 * @param original the text before
 * @param text the text after; equal to {@code original} when nothing needed to change
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EditedText(String source, String original, String text) {

    /** Validates the parts. */
    public EditedText {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(original, "original");
        Objects.requireNonNull(text, "text");
    }

    /** Whether the text changed. */
    public boolean changed() {
        return !original.equals(text);
    }

    /**
     * How many lines changed, as a reviewer counts them: a line replaced counts once, a line added
     * or removed once; 0 when nothing changed.
     */
    public int changedLines() {
        if (!changed()) {
            return 0;
        }
        int count = 0;
        for (AbstractDelta<String> d : DiffUtils.diff(original.lines().toList(), text.lines().toList()).getDeltas()) {
            count += Math.max(d.getSource().size(), d.getTarget().size());
        }
        return count;
    }

    @Override
    public String toString() {
        return source + (changed() ? " (" + changedLines() + " lines changed)" : " (unchanged)");
    }
}

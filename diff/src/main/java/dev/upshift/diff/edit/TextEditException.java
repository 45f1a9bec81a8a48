package dev.upshift.diff.edit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.problem.UpshiftException;
import org.apiguardian.api.API;

/**
 * An edit that cannot be made in place: the text holds a shape the editor does not change (an
 * alias, an anchor that aliases copy, a custom tag), the file no longer holds what the change was
 * computed from (it changed under the caller), or the edited text would not read back as intended.
 * The message names the file, the line and the field, and says what to do; nothing was changed.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class TextEditException extends UpshiftException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message for the person who owns the file. */
    public TextEditException(String message) {
        super(message);
    }
}

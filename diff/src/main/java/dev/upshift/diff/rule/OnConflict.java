package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/** What a field rule does when the cluster and the target release changed a field differently. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum OnConflict {
    /** Take the target's value: the release owns the field. */
    OVERWRITE("overwrite"),
    /** Keep the cluster's value: the user owns the field. */
    KEEP("keep"),
    /** Block the upgrade until someone decides (the default). */
    FAIL("fail");

    private final String word;

    OnConflict(String word) {
        this.word = word;
    }

    /** How documents write it. */
    public String word() {
        return word;
    }

    /** The words documents use, for readers. */
    public static Map<String, OnConflict> words() {
        Map<String, OnConflict> out = new LinkedHashMap<>();
        for (OnConflict o : values()) {
            out.put(o.word, o);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}

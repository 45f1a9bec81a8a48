package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/** How the items of a list are matched across base, current and target (Kubernetes' list types). */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ListType {
    /** Items are objects matched by their key fields ({@code listKeys}; {@code name} by default). */
    MAP("map"),
    /** Items are matched by their whole value; order does not matter. */
    SET("set"),
    /** The list is one value: any difference replaces it whole. */
    ATOMIC("atomic");

    private final String word;

    ListType(String word) {
        this.word = word;
    }

    /** How documents write it. */
    public String word() {
        return word;
    }

    /** The words documents use, for readers. */
    public static Map<String, ListType> words() {
        Map<String, ListType> out = new LinkedHashMap<>();
        for (ListType t : values()) {
            out.put(t.word, t);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}

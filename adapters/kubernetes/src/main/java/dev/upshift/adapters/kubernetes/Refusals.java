package dev.upshift.adapters.kubernetes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** The refusals of a series of applies, as one message for a person. */
final class Refusals {
    private final List<String> lines = new ArrayList<>();
    private final List<ObjectNode> applied = new ArrayList<>();

    /** Applies every object, keeping what the server answered and every refusal. */
    static Refusals applyAll(ServerSideApply api, List<ObjectNode> objects, ApplyOptions options) {
        Refusals r = new Refusals();
        for (ObjectNode o : objects) {
            r.add(o, api.apply(o, options), options);
        }
        return r;
    }

    void add(ObjectNode object, ApplyResult result, ApplyOptions options) {
        if (result instanceof ApplyResult.Applied a) {
            applied.add(a.object());
        } else if (result instanceof ApplyResult.Conflicted c) {
            lines.add(Trees.display(object) + ": " + String.join(", ", c.conflicts().stream()
                    .map(FieldConflict::toString).toList()) + (c.conflicts().size() == 1 ? " would change, and is"
                            : " would change, and are") + " not " + options.fieldManager() + "'s to change");
        } else {
            String message = ((ApplyResult.Refused) result).message();
            lines.add(message.startsWith(Trees.display(object)) ? message : Trees.display(object) + ": " + message);
        }
    }

    boolean isEmpty() {
        return lines.isEmpty();
    }

    List<ObjectNode> applied() {
        return applied;
    }

    boolean conflicted() {
        return lines.stream().anyMatch(l -> l.contains("'s to change"));
    }

    String message() {
        return String.join("; ", lines);
    }
}

package dev.upshift.diff.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.rule.Impact;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The highest impact the rules give to any field of a subtree that is added, removed or replaced
 * whole, so that replacing a mapping reports what its most costly field would.
 */
final class SubtreeImpact {
    private SubtreeImpact() {}

    static Impact of(FieldPolicy p, JsonNode node, Impact acc, Impact fallback) {
        if (!p.rulesAlive() || acc == Impact.REPLACE) {
            return acc;
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                FieldPolicy child = p.child(new PathElement.Field(e.getKey()));
                acc = of(child, e.getValue(), acc.max(child.impact(fallback)), fallback);
            }
        } else if (node.isArray()) {
            ListItems.Kind kind = ListItems.kind(p, null, node, null);
            for (JsonNode item : node) {
                Optional<PathElement> e = ListItems.elementOf(kind, item);
                if (e.isPresent()) {
                    FieldPolicy child = p.child(e.get());
                    acc = of(child, item, acc.max(child.impact(fallback)), fallback);
                }
            }
        }
        return acc;
    }
}

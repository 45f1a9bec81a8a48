package dev.upshift.diff.rule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.common.read.ObjectView;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DefaultsRuleReader;
import dev.upshift.diff.document.DocumentDefaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads the lists that several kinds' specs share: {@code fieldRules} (a Release's and a FieldRules
 * document's) and {@code defaults} (a Release's). Problems go to each item view's collector, with
 * positions; items with errors are left out. For kinds of your own that carry field rules or
 * defaults in the same shape.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpecLists {
    private SpecLists() {}

    /** Reads the items of a {@code fieldRules} list; a second rule for the same match and path is an error. */
    public static FieldRules fieldRules(List<ObjectView> items) {
        return fieldRules(items, new ArrayList<>());
    }

    /**
     * Reads the items of a {@code fieldRules} list that continues others: a rule with the same match
     * and path as one in {@code declared} is an error too. The rules read are added to
     * {@code declared}.
     */
    public static FieldRules fieldRules(List<ObjectView> items, List<FieldRule> declared) {
        List<FieldRule> out = new ArrayList<>();
        for (ObjectView item : items) {
            FieldRuleReader.read(item).ifPresent(rule -> {
                Optional<FieldRule> twin = declared.stream().filter(r -> r.sameTarget(rule)).findFirst();
                if (twin.isPresent()) {
                    item.error("path", "a rule with the same match and path is already declared at "
                            + twin.get().location() + "; merge the two");
                } else {
                    out.add(rule);
                    declared.add(rule);
                }
            });
        }
        return FieldRules.of(out);
    }

    /** Reads the items of a release's {@code spec.defaults}. */
    public static DocumentDefaults defaults(List<ObjectView> items) {
        List<DefaultsRule> out = new ArrayList<>();
        for (ObjectView item : items) {
            DefaultsRuleReader.read(item).ifPresent(out::add);
        }
        return DocumentDefaults.of(out);
    }
}

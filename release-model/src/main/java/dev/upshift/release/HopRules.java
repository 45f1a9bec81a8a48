package dev.upshift.release;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * The rules that decide whether a direct hop exists (DESIGN.md section 5), in one place: a fast
 * yes/no for building the graph and an explained answer for missing paths.
 */
final class HopRules {
    private final SkewPolicy skew;
    private final LongAdder checks = new LongAdder();

    HopRules(SkewPolicy skew) {
        this.skew = skew;
    }

    /** How many hops {@link #allows} has checked: the work done, for tests that bound it. */
    long checks() {
        return checks.sum();
    }

    /** Whether the hop exists; evaluated cheapest rule first. */
    boolean allows(Release a, Release b) {
        checks.increment();
        return !b.isWithdrawn()
                && b.version().compareTo(a.version()) > 0
                && skew.allows(a, b)
                && upgradesFromAccepts(a, b)
                && failingComponent(a, b) == null;
    }

    /** The first rule (in {@link Cut.Rule} order) that refuses the hop, or empty. */
    Optional<Cut> cut(Release a, Release b, String subject) {
        Version av = a.version();
        Version bv = b.version();
        if (b.isWithdrawn()) {
            return cut(a, b, Cut.Rule.WITHDRAWN, bv + " is withdrawn");
        }
        if (bv.compareTo(av) <= 0) {
            return cut(a, b, Cut.Rule.NOT_NEWER, bv + " is not newer than " + av + ": downgrades are not upgrades");
        }
        if (!upgradesFromAccepts(a, b)) {
            return cut(a, b, Cut.Rule.UPGRADES_FROM, bv + " accepts " + b.upgradesFrom().orElseThrow() + " but "
                    + subject + " " + av);
        }
        String component = failingComponent(a, b);
        if (component != null) {
            Version from = a.components().get(component);
            Version to = b.components().get(component);
            VersionConstraint rule = b.componentUpgradesFrom().get(component);
            return rule != null
                    ? cut(a, b, Cut.Rule.COMPONENT_UPGRADES_FROM, component + " " + to + " in " + bv + " accepts "
                            + component + " " + rule + " but " + subject + " " + av + " with " + component + " " + from)
                    : cut(a, b, Cut.Rule.COMPONENT_DOWNGRADE, component + " would move down from " + from
                            + " (in " + av + ") to " + to + " (in " + bv + ")");
        }
        if (!skew.allows(a, b)) {
            return cut(a, b, Cut.Rule.SKEW, skew.reason(a, b) + " (" + av + " → " + bv + ")");
        }
        return Optional.empty();
    }

    /**
     * Components that change in the hop with nothing that checks them: no rule in {@code b} and not
     * the skew policy.
     */
    List<String> unchecked(Release a, Release b) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Version> e : b.components().entrySet()) {
            Version from = a.components().get(e.getKey());
            if (from != null && !from.equals(e.getValue()) && !b.componentUpgradesFrom().containsKey(e.getKey())
                    && !skew.checks(e.getKey())) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    private static boolean upgradesFromAccepts(Release a, Release b) {
        Optional<VersionConstraint> c = b.upgradesFrom();
        return c.isEmpty() || c.get().matches(a.version());
    }

    /** The first component of {@code b} that refuses {@code a}'s version of it, or null. */
    private static String failingComponent(Release a, Release b) {
        for (Map.Entry<String, Version> e : b.components().entrySet()) {
            Version from = a.components().get(e.getKey());
            if (from == null) {
                continue;
            }
            VersionConstraint rule = b.componentUpgradesFrom().get(e.getKey());
            boolean ok = rule != null ? rule.matches(from) : from.compareTo(e.getValue()) <= 0;
            if (!ok) {
                return e.getKey();
            }
        }
        return null;
    }

    private static Optional<Cut> cut(Release a, Release b, Cut.Rule rule, String message) {
        return Optional.of(new Cut(a.version(), b.version(), rule, message));
    }
}

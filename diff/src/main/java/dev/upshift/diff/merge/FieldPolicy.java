package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.diff.path.PathElement;
import dev.upshift.diff.path.PatternMatcher;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.Impact;
import dev.upshift.diff.rule.ListType;
import dev.upshift.diff.rule.Merging;
import dev.upshift.diff.rule.OnConflict;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The rule settings at one node of one document while the merge walks down it. Each rule that
 * applies to the document carries its matcher state along; a setting's winner is the most specific
 * rule (lowest index, rules being sorted by specificity) among those that matched this node or an
 * ancestor, so a child only has to compare the rules that match it exactly with its parent's
 * winners. Alongside, it follows the built-in list table ({@link ListSchema}) of the document's
 * kind, which says how to key a list where no rule does.
 */
@API(status = INTERNAL, since = "0.1")
public final class FieldPolicy {
    private static final int NONE = -1;

    private final FieldRule[] rules;
    private final PatternMatcher[] matchers;
    private final long[] states;
    private final boolean alive;
    private final int onConflictAt;
    private final int mutableAt;
    private final int impactAt;
    private final int ignoreAt;
    private final int listAt;
    private final boolean mutableSetHere;
    private final boolean onConflictSetHere;
    private final ListSchema.Node schema;
    private final boolean sensitive;
    private final boolean sensitiveBelow;

    private static final int MUTABLE_HERE = 1;
    private static final int ON_CONFLICT_HERE = 2;
    private static final int SENSITIVE_HERE = 4;

    private FieldPolicy(FieldRule[] rules, PatternMatcher[] matchers, long[] states, boolean alive,
            int[] winners, int setHere, ListSchema.Node schema, boolean sensitiveAbove) {
        this.rules = rules;
        this.matchers = matchers;
        this.states = states;
        this.alive = alive;
        this.onConflictAt = winners[0];
        this.mutableAt = winners[1];
        this.impactAt = winners[2];
        this.ignoreAt = winners[3];
        this.listAt = winners[4];
        this.mutableSetHere = (setHere & MUTABLE_HERE) != 0;
        this.onConflictSetHere = (setHere & ON_CONFLICT_HERE) != 0;
        this.schema = schema;
        this.sensitive = sensitiveAbove || (setHere & SENSITIVE_HERE) != 0;
        this.sensitiveBelow = !sensitive && alive && sensitiveAlive(rules, states);
    }

    private static boolean sensitiveAlive(FieldRule[] rules, long[] states) {
        for (int i = 0; i < states.length; i++) {
            if (states[i] != 0 && rules[i].sensitive()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The policy at a document's root, from the rules that apply to it (most specific first), their
     * matchers, and the built-in list table's root node for its kind (null: none).
     */
    public static FieldPolicy root(List<FieldRule> applicable, List<PatternMatcher> compiled, ListSchema.Node schema) {
        FieldRule[] rules = applicable.toArray(new FieldRule[0]);
        PatternMatcher[] matchers = compiled.toArray(new PatternMatcher[0]);
        long[] states = new long[rules.length];
        for (int i = 0; i < rules.length; i++) {
            states[i] = matchers[i].start();
        }
        int[] winners = {NONE, NONE, NONE, NONE, NONE};
        int setHere = collect(rules, matchers, states, winners);
        return new FieldPolicy(rules, matchers, states, rules.length > 0, winners, setHere, schema, false);
    }

    /** The policy one step further down. */
    public FieldPolicy child(PathElement e) {
        int[] winners = {onConflictAt, mutableAt, impactAt, ignoreAt, NONE};
        ListSchema.Node below = schema == null ? null
                : e instanceof PathElement.Field f ? schema.field(f.name()) : schema.items();
        if (!alive) {
            return listAt == NONE && !mutableSetHere && !onConflictSetHere && schema == null ? this
                    : new FieldPolicy(rules, matchers, states, false, winners, 0, below, sensitive);
        }
        long[] next = new long[states.length];
        boolean anyAlive = false;
        for (int i = 0; i < states.length; i++) {
            if (states[i] != 0) {
                next[i] = matchers[i].step(states[i], e);
                anyAlive |= next[i] != 0;
            }
        }
        int setHere = collect(rules, matchers, next, winners);
        return new FieldPolicy(rules, matchers, next, anyAlive, winners, setHere, below, sensitive);
    }

    /**
     * Lets the rules that match exactly at this node compete; returns which settings a rule that
     * matched here won ({@link #MUTABLE_HERE}, {@link #ON_CONFLICT_HERE}), and whether one that
     * matched here marks the node sensitive ({@link #SENSITIVE_HERE}, which needs no winning).
     */
    private static int collect(FieldRule[] rules, PatternMatcher[] matchers, long[] states, int[] winners) {
        int setHere = 0;
        for (int i = 0; i < states.length; i++) {
            if (states[i] == 0 || !matchers[i].accepts(states[i])) {
                continue;
            }
            FieldRule r = rules[i];
            setHere |= r.sensitive() ? SENSITIVE_HERE : 0;
            int o = better(winners[0], i, r.onConflict().isPresent());
            setHere |= o != winners[0] ? ON_CONFLICT_HERE : 0;
            winners[0] = o;
            int m = better(winners[1], i, r.mutability().isPresent());
            setHere |= m != winners[1] ? MUTABLE_HERE : 0;
            winners[1] = m;
            winners[2] = better(winners[2], i, r.impact().isPresent());
            winners[3] = better(winners[3], i, r.merging().isPresent());
            winners[4] = better(winners[4], i, !r.listKeys().isEmpty() || r.listType().isPresent());
        }
        return setHere;
    }

    private static int better(int current, int candidate, boolean sets) {
        return sets && (current == NONE || candidate < current) ? candidate : current;
    }

    public OnConflict onConflict() {
        return onConflictAt == NONE ? OnConflict.FAIL : rules[onConflictAt].onConflict().orElseThrow();
    }

    public Optional<FieldRule> onConflictRule() {
        return rule(onConflictAt);
    }

    public boolean mutable() {
        return mutableAt == NONE || rules[mutableAt].mutability().orElseThrow().allowsChange();
    }

    public Optional<FieldRule> mutableRule() {
        return rule(mutableAt);
    }

    /**
     * Whether a conflict in the subtree here is decided here, for the subtree as a whole: the rule
     * that decides {@code onConflict} says {@code keep}, matched this very node with a path that
     * does not end in {@code **}, and no more specific rule that sets {@code onConflict} can match
     * below it. {@code keep} then keeps the cluster's whole value, never a fragment of it.
     */
    public boolean keepsWholeHere() {
        if (!onConflictSetHere || rules[onConflictAt].onConflict().orElseThrow() != OnConflict.KEEP
                || rules[onConflictAt].path().endsWithAnyDepth()) {
            return false;
        }
        for (int j = 0; alive && j < onConflictAt; j++) {
            if (states[j] != 0 && rules[j].onConflict().isPresent()) {
                return false;
            }
        }
        return true;
    }

    /** Whether the rule that decides {@code mutable} matched this very node (not an ancestor). */
    public boolean mutableSetHere() {
        return mutableSetHere;
    }

    public Impact impact(Impact fallback) {
        return impactAt == NONE ? fallback : rules[impactAt].impact().orElseThrow();
    }

    public Optional<FieldRule> impactRule() {
        return rule(impactAt);
    }

    public boolean ignored() {
        return ignoreAt != NONE && rules[ignoreAt].merging().orElseThrow() == Merging.IGNORED;
    }

    public Optional<FieldRule> ignoreRule() {
        return rule(ignoreAt);
    }

    /** The list type a rule sets here ({@code map} when it names keys), or empty. */
    public Optional<ListType> listType() {
        if (listAt == NONE) {
            return Optional.empty();
        }
        FieldRule r = rules[listAt];
        return r.listKeys().isEmpty() ? r.listType() : Optional.of(ListType.MAP);
    }

    public List<String> listKeys() {
        return listAt == NONE ? List.of() : rules[listAt].listKeys();
    }

    /** The key defaults of the rule that sets the list type here. */
    public Map<String, JsonNode> keyDefaults() {
        return listAt == NONE ? Map.of() : rules[listAt].keyDefaults();
    }

    /** What the built-in list table declares for the list here, if anything. */
    public Optional<ListSchema.Spec> builtInList() {
        return schema == null ? Optional.empty() : schema.list();
    }

    /** Whether the built-in list table knows something at or below this node. */
    public boolean schemaAlive() {
        return schema != null;
    }

    public Optional<FieldRule> listRule() {
        return rule(listAt);
    }

    /**
     * Whether the value here is sensitive: a rule that matched this node or one above it says
     * {@code sensitive: true} (the built-in {@code Secret} rules among them).
     */
    public boolean sensitive() {
        return sensitive;
    }

    /** Whether the value here is not sensitive but a rule may still mark a field below it so. */
    public boolean sensitiveBelow() {
        return sensitiveBelow;
    }

    /** Whether some rule may still match below this node. */
    public boolean rulesAlive() {
        return alive;
    }

    /** Whether any rule applies at or below this node. */
    public boolean hasRules() {
        return alive || onConflictAt != NONE || mutableAt != NONE || impactAt != NONE || ignoreAt != NONE;
    }

    /** What changing the field costs, when a rule says. */
    public Optional<Impact> impact() {
        return rule(impactAt).flatMap(FieldRule::impact);
    }

    private Optional<FieldRule> rule(int at) {
        return at == NONE ? Optional.empty() : Optional.of(rules[at]);
    }
}

package dev.upshift.diff;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings that apply at one field of one document after picking, for each setting, the most
 * specific rule that sets it (see {@link FieldRules}); each comes with the rule that set it, empty
 * when the default applies.
 *
 * @param onConflict what a conflict does (default {@code fail})
 * @param onConflictRule the rule that set it
 * @param mutable whether the field may change (default true)
 * @param mutableRule the rule that set it
 * @param impact what changing the field costs, when a rule says (the merge has its own default)
 * @param impactRule the rule that set it
 * @param ignore whether the field is never diffed nor merged (default false)
 * @param ignoreRule the rule that set it
 * @param listType how the list at this path is matched, when a rule says (otherwise detected)
 * @param listKeys the key fields when the list is keyed by a rule
 * @param listRule the rule that set the list settings
 */
public record FieldSettings(OnConflict onConflict, Optional<FieldRule> onConflictRule, boolean mutable,
        Optional<FieldRule> mutableRule, Optional<Impact> impact, Optional<FieldRule> impactRule, boolean ignore,
        Optional<FieldRule> ignoreRule, Optional<ListType> listType, List<String> listKeys, Optional<FieldRule> listRule) {

    /** Validates the parts. */
    public FieldSettings {
        Objects.requireNonNull(onConflict, "onConflict");
        Objects.requireNonNull(onConflictRule, "onConflictRule");
        Objects.requireNonNull(mutableRule, "mutableRule");
        Objects.requireNonNull(impact, "impact");
        Objects.requireNonNull(impactRule, "impactRule");
        Objects.requireNonNull(ignoreRule, "ignoreRule");
        Objects.requireNonNull(listType, "listType");
        listKeys = List.copyOf(listKeys);
        Objects.requireNonNull(listRule, "listRule");
    }
}

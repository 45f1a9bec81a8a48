package dev.upshift.core.engine;

import dev.upshift.spi.UpgradeHook;
import java.util.Objects;

/** A hook and the name the journal owes it by. */
record NamedHook(String name, UpgradeHook hook) {
    NamedHook {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(hook, "hook");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a hook needs a name: the journal records which after-hooks are owed");
        }
    }
}

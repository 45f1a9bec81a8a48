package dev.upshift.core.plan;

import java.util.AbstractList;
import java.util.RandomAccess;

/** A round's entries, sorted by cluster id and never changed: a plan takes them without copying or checking. */
final class SortedEntries extends AbstractList<PlanEntry> implements RandomAccess {
    private final PlanEntry[] entries;

    SortedEntries(PlanEntry[] entries) {
        this.entries = entries;
    }

    @Override
    public PlanEntry get(int index) {
        return entries[index];
    }

    @Override
    public int size() {
        return entries.length;
    }
}

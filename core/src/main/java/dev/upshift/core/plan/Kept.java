package dev.upshift.core.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.PriorityQueue;

/** What a round leaves for the next: each entry, until when it holds, and each stage's judgement. */
final class Kept {
    final Instant now;
    final PlanEntry[] entries;
    final Instant[] valid;
    final StageGate.Member[] members;
    final List<StageGate.Params> params = new ArrayList<>();
    final List<StageGate.Gate> out = new ArrayList<>();
    /** The clusters whose entry is another object than the round before's. */
    final BitSet replaced = new BitSet();
    /** Each cluster's stage, by position among every upgrade's stages in order; -1 for none. */
    int[] stageOf;
    /** When entries may read differently, earliest first (some outdated: checked against {@code valid}). */
    PriorityQueue<Expiry> expiries;
    /** The round's window finder, whose answers the next round keeps. */
    WindowFinder windows;

    Kept(Instant now, int n) {
        this.now = now;
        this.entries = new PlanEntry[n];
        this.valid = new Instant[n];
        this.members = new StageGate.Member[n];
    }

    /** An entry that may read differently from {@code at} on. */
    record Expiry(Instant at, int cluster) {}
}

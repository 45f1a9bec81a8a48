package dev.upshift.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.release.Version;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.HistoryEntry.Hop;
import dev.upshift.spi.HistoryEntry.Step;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The journal's side of stage membership ({@link StageMembership}), folded as the journal grows,
 * against a brute force that reads the whole journal again for every question, straight from the
 * definitions: a run has started when an {@code enrolled} entry names it; a cluster joined a run
 * late when the run started and no enrollment of the cluster in it stands (none, or each followed
 * by a {@code skipped} of the same id); an enrollment waits while no {@code skipped} of its id and
 * no start or publication of its cluster towards the same upgrade and target follows it.
 */
class StageMembershipTest {
    private static final Instant T0 = Instant.parse("2026-01-05T00:00:00Z");
    private static final String[] CLUSTERS = {"a", "b", "c", "d"};
    private static final String[] UPGRADES = {"u1", "u2"};
    private static final String[] TARGETS = {"2.0.0", "3.0.0"};
    private static final String[] STAGES = {"dev", "prod"};

    @Test
    @DisplayName("random journals, read on in random pieces: runs started, joined late, enrollments and waiting members agree with a brute force")
    void foldAgreesWithABruteForce() {
        qt().withExamples(300).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            List<HistoryEntry> journal = new ArrayList<>();
            JournalIndex index = JournalIndex.of(journal);
            for (int pieces = 1 + r.nextInt(5); pieces > 0; pieces--) {
                for (int n = r.nextInt(8); n > 0; n--) {
                    journal.add(entry(r, journal));
                }
                assertThat(index.readOn(journal)).isTrue();
                check(seed, index.membership(), journal);
            }
            check(seed, JournalIndex.of(journal).membership(), journal);
        });
    }

    @Test
    @DisplayName("a journal that does not extend the one read (shorter, or another entry where the last read ended) is not read on")
    void onlyAnExtensionIsReadOn() {
        Random r = new Random(7);
        List<HistoryEntry> journal = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            journal.add(entry(r, journal));
        }
        JournalIndex index = JournalIndex.of(journal);
        assertThat(index.readOn(journal.subList(0, 4))).isFalse();
        List<HistoryEntry> copy = new ArrayList<>(journal);
        copy.set(4, entry(r, copy));
        assertThat(index.readOn(copy)).isFalse();
        assertThat(index.size()).isEqualTo(5);
        journal.add(entry(r, journal));
        assertThat(index.readOn(journal)).isTrue();
        assertThat(index.size()).isEqualTo(6);
    }

    private static void check(long seed, StageMembership m, List<HistoryEntry> journal) {
        for (String u : UPGRADES) {
            for (String t : TARGETS) {
                for (String s : STAGES) {
                    String key = new StageRun(u, Version.parse(t), s).key();
                    assertThat(m.started(key)).as("seed %d: %s started", seed, key).isEqualTo(started(journal, key));
                    for (String c : CLUSTERS) {
                        assertThat(m.joinedLate(c, key)).as("seed %d: %s joined %s late", seed, c, key)
                                .isEqualTo(started(journal, key) && !standing(journal, c, key));
                    }
                }
            }
        }
        assertThat(m.waiting()).as("seed %d: waiting", seed).containsExactlyInAnyOrderElementsOf(waiting(journal));
        for (HistoryEntry e : journal) {
            assertThat(m.isEnrollment(e)).as("seed %d: %s is an enrollment's", seed, e).isEqualTo(e.step() == Step.ENROLLED
                    || e.step() == Step.SKIPPED && journal.stream().anyMatch(x -> x.step() == Step.ENROLLED
                            && x.upgradeId().equals(e.upgradeId())));
        }
    }

    private static boolean started(List<HistoryEntry> journal, String key) {
        return journal.stream().anyMatch(e -> e.step() == Step.ENROLLED && e.upgradeId().endsWith(":" + key)
                && e.upgradeId().equals(e.clusterId() + ":" + key));
    }

    /** Whether an enrollment of the cluster in the run stands: no skipped entry of its id after it. */
    private static boolean standing(List<HistoryEntry> journal, String cluster, String key) {
        String id = cluster + ":" + key;
        for (int k = 0; k < journal.size(); k++) {
            HistoryEntry e = journal.get(k);
            if (e.step() == Step.ENROLLED && e.clusterId().equals(cluster) && e.upgradeId().equals(id)
                    && journal.subList(k + 1, journal.size()).stream()
                            .noneMatch(x -> x.step() == Step.SKIPPED && x.upgradeId().equals(id))) {
                return true;
            }
        }
        return false;
    }

    private static List<HistoryEntry> waiting(List<HistoryEntry> journal) {
        List<HistoryEntry> out = new ArrayList<>();
        for (int k = 0; k < journal.size(); k++) {
            HistoryEntry e = journal.get(k);
            if (e.step() != Step.ENROLLED || StageRun.of(e).isEmpty()) {
                continue;
            }
            List<HistoryEntry> after = journal.subList(k + 1, journal.size());
            boolean left = after.stream().anyMatch(x -> x.step() == Step.SKIPPED && x.upgradeId().equals(e.upgradeId()));
            boolean began = after.stream().anyMatch(x -> (x.step() == Step.STARTING || x.step() == Step.PUBLISHED)
                    && x.clusterId().equals(e.clusterId()) && x.intent().equals(e.intent())
                    && x.hop().target().equals(e.to()));
            // enrolled again under the same id (as a run of its own upgrade): the later entry is the one that waits
            boolean again = after.stream().anyMatch(x -> x.step() == Step.ENROLLED && x.upgradeId().equals(e.upgradeId())
                    && StageRun.of(x).isPresent());
            if (!left && !began && !again) {
                out.add(e);
            }
        }
        return out;
    }

    /** An entry of any kind that bears on membership, now and then one another writer made oddly. */
    private static HistoryEntry entry(Random r, List<HistoryEntry> journal) {
        String cluster = pick(r, CLUSTERS);
        String upgrade = pick(r, UPGRADES);
        Version target = Version.parse(pick(r, TARGETS));
        Instant at = T0.plusSeconds(60L * journal.size());
        Version from = Version.parse("1.0.0");
        Hop hop = new Hop(1, 1, target);
        switch (r.nextInt(7)) {
            case 0, 1 -> {
                StageRun run = new StageRun(upgrade, target, pick(r, STAGES));
                // one in eight names a run of another upgrade than its own: another writer's, which cannot be left
                Optional<String> intent = Optional.of(r.nextInt(8) == 0 ? "other" : upgrade);
                return new HistoryEntry(at, cluster, run.enrollmentId(cluster), from, target, intent,
                        UpgradeState.SCHEDULED, "enrolled", List.of(), Step.ENROLLED, hop, 1, List.of(), 0);
            }
            case 2 -> {
                List<HistoryEntry> enrolled = journal.stream().filter(e -> e.step() == Step.ENROLLED).toList();
                HistoryEntry en = enrolled.isEmpty() || r.nextInt(4) == 0 ? null : enrolled.get(r.nextInt(enrolled.size()));
                String id = en == null ? cluster + ":1.0.0.." + target + "#1" : en.upgradeId();
                return new HistoryEntry(at, en == null ? cluster : en.clusterId(), id, from, target,
                        Optional.of(upgrade), UpgradeState.SCHEDULED, "skipped", List.of(), Step.SKIPPED, hop, 1,
                        List.of(), 0);
            }
            case 3, 4 -> {
                Step step = r.nextBoolean() ? Step.STARTING : Step.PUBLISHED;
                return new HistoryEntry(at, cluster, cluster + ":1.0.0.." + target + "#1", from, target,
                        Optional.of(upgrade), UpgradeState.IN_PROGRESS, "started", List.of(), step, hop, 1, List.of(), 0);
            }
            default -> {
                return new HistoryEntry(at, cluster, cluster + ":1.0.0.." + target + "#1", from, target,
                        Optional.of(upgrade), UpgradeState.SUCCEEDED, "done", List.of(), Step.SUCCEEDED, hop, 1,
                        List.of(), 0);
            }
        }
    }

    private static String pick(Random r, String[] of) {
        return of[r.nextInt(of.length)];
    }
}

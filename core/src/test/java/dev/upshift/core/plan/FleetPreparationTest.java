package dev.upshift.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.fleet.FleetDocuments;
import dev.upshift.core.fleet.ResourceFolders;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The one place that decides when a fleet is prepared again. */
class FleetPreparationTest {
    private static final String RELEASE = """
            apiVersion: upshift.dev/v1alpha1
            kind: Release
            metadata: {name: "1.0.0"}
            spec: {components: {kubernetes: 1.29.4}}
            """;

    private static FleetContents fleet(String... clusters) {
        StringBuilder text = new StringBuilder(RELEASE);
        for (String c : clusters) {
            text.append("---\napiVersion: upshift.dev/v1alpha1\nkind: ManagedCluster\nmetadata: {name: ").append(c)
                    .append("}\nspec: {release: 1.0.0, infrastructure: aws}\n");
        }
        return FleetContents.read(FleetDocuments.of(DocumentLoader.create().load("fleet.yaml", text.toString()),
                List.of(), ResourceFolders.none()));
    }

    /** Counts the readings it hands out. */
    private static final class Reads implements Supplier<FleetContents> {
        final AtomicInteger count = new AtomicInteger();
        final FleetContents contents;

        Reads(FleetContents contents) {
            this.contents = contents;
        }

        @Override
        public FleetContents get() {
            count.incrementAndGet();
            return contents;
        }
    }

    @Test
    @DisplayName("a fleet is read and prepared once while its fingerprint stays the same")
    void preparesOncePerFingerprint() {
        FleetPreparation preparation = FleetPreparation.by(Planner.standard());
        Reads reads = new Reads(fleet("a"));

        PreparedFleet first = preparation.prepare("v1", reads);
        PreparedFleet again = preparation.prepare(new String("v1"), reads);

        assertThat(again).isSameAs(first);
        assertThat(reads.count).hasValue(1);
        assertThat(preparation.last()).containsSame(first);
    }

    @Test
    @DisplayName("a new fingerprint reads the fleet again and prepares what it holds")
    void preparesAgainWhenTheFingerprintChanges() {
        FleetPreparation preparation = FleetPreparation.by(Planner.standard());
        PreparedFleet first = preparation.prepare("v1", () -> fleet("a"));

        PreparedFleet second = preparation.prepare("v2", () -> fleet("a", "b"));

        assertThat(second).isNotSameAs(first);
        assertThat(second.clusters()).extracting(c -> c.id()).containsExactly("a", "b");
        assertThat(preparation.last()).containsSame(second);
    }

    @Test
    @DisplayName("the input is the contents' planner input without history, fields and unread documents included")
    void theInputIsTheContentsWithoutHistory() {
        FleetContents contents = fleet("a");

        PreparedFleet prepared = FleetPreparation.by(Planner.standard()).prepare(1, () -> contents);

        PlanInput expected = PlanInput.from(contents, List.of());
        assertThat(prepared.input().clusters()).isEqualTo(expected.clusters());
        assertThat(prepared.input().catalog().size()).isEqualTo(1);
        assertThat(prepared.input().problems()).isEqualTo(expected.problems());
        assertThat(prepared.input().fields()).isSameAs(contents.fields());
        assertThat(prepared.input().unread()).isEqualTo(contents.unread());
        assertThat(prepared.input().history()).isEmpty();
    }

    @Test
    @DisplayName("a reading that throws keeps the fleet prepared before, and the next call reads again")
    void aFailedReadingKeepsTheLastFleet() {
        FleetPreparation preparation = FleetPreparation.by(Planner.standard());
        PreparedFleet first = preparation.prepare("v1", () -> fleet("a"));

        assertThatThrownBy(() -> preparation.prepare("v2", () -> {
            throw new IllegalStateException("the folder went away");
        })).hasMessage("the folder went away");

        assertThat(preparation.last()).containsSame(first);
        Reads reads = new Reads(fleet("a", "b"));
        assertThat(preparation.prepare("v2", reads).clusters()).hasSize(2);
        assertThat(reads.count).hasValue(1);
    }

    @Test
    @DisplayName("nothing is prepared before the first call; arguments are checked")
    void startsEmpty() {
        FleetPreparation preparation = FleetPreparation.by(Planner.standard());

        assertThat(preparation.last()).isEmpty();
        assertThatThrownBy(() -> FleetPreparation.by(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> preparation.prepare(null, () -> fleet("a"))).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("fingerprint");
    }
}

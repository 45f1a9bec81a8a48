package dev.upshift.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.plan.Plan;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FleetGeneratorTest {
    private static final FleetGenerator.Shape SHAPE = FleetGenerator.Shape.of(2000);
    private static GeneratedFleet fleet;
    private static PlanInput input;

    @BeforeAll
    static void generate() {
        fleet = GeneratedFleet.create(SHAPE);
        input = fleet.readChecked();
    }

    @AfterAll
    static void delete() {
        fleet.close();
    }

    @Test
    void theFleetReadsWithoutErrorsInTheShapeAsked() {
        assertThat(input.clusters()).hasSize(2000);
        assertThat(input.catalog().size()).isEqualTo(1000);
        assertThat(input.schedules()).hasSize(50);
        assertThat(input.upgrades()).hasSize(20);
        assertThat(input.history()).isNotEmpty();
    }

    @Test
    void theSameSeedWritesTheSameFilesAndHistory() throws IOException {
        try (GeneratedFleet again = GeneratedFleet.create(SHAPE)) {
            assertThat(contents(again.folder())).isEqualTo(contents(fleet.folder()));
            assertThat(again.history()).isEqualTo(fleet.history());
        }
    }

    @Test
    void aTenthOfTheClustersCarryThreeToFiveClusterApiDocuments() {
        long withResources = input.clusters().stream().filter(c -> !c.resources().isEmpty()).count();
        assertThat(withResources).isBetween(150L, 250L);
        for (ManagedCluster c : input.clusters()) {
            if (!c.resources().isEmpty()) {
                assertThat(c.resources().size()).isBetween(3, 5);
            }
        }
        assertThat(input.clusters()).anyMatch(c -> c.freeze().isPresent()).anyMatch(c -> c.schedule().isEmpty());
    }

    @Test
    void thePlanOfTheFleetHasEveryStateAndTheMainReasons() {
        Plan plan = Planner.standard().plan(input, FleetGenerator.NOW);
        assertThat(plan.counts().entrySet()).allMatch(e -> e.getValue() > 0);
        assertThat(plan.counts().keySet()).containsAll(Set.of(UpgradeState.values()));
        Set<String> codes = plan.entries().stream().flatMap(e -> e.reasons().stream()).map(Reason::code)
                .collect(Collectors.toSet());
        assertThat(codes).contains("WAITING_STAGE", "WAITING_START_TIME", "FROZEN", "EXCLUDED", "OUTSIDE_WINDOW",
                "FIELD_CONFLICT", "CONFLICTING_UPGRADES", "UPGRADE_FAILED", "STAGE_HALTED", "MAX_CONCURRENT");
        assertThat(plan.entries()).anyMatch(e -> e.endOfLife().isPresent())
                .anyMatch(e -> e.path().size() > 3)
                .anyMatch(e -> e.impact().isPresent());
    }

    private static Map<String, String> contents(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(f).toString(), Files.readString(f));
            }
        }
        return out;
    }
}

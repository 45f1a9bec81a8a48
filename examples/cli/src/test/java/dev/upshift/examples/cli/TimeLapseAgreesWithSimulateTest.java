package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.journal.JsonLinesJournal;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.core.simulate.Simulation;
import dev.upshift.core.simulate.SimulationSettings;
import dev.upshift.core.simulate.Simulator;
import dev.upshift.spi.HistoryEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The forecast and the real run cannot disagree (DESIGN.md section 3): {@code simulate} and the
 * engine's time-lapse ({@code run --virtual-clock}, the files world: the publisher editing the
 * fleet's files, the journal, the simulated probe) on the demo fleet, with the same seed and failure
 * rate, start and end the same hops of the same clusters at the same instants, with the same
 * outcomes, record by record.
 */
class TimeLapseAgreesWithSimulateTest {
    private static final Instant FROM = Instant.parse("2026-12-14T09:00:00Z");
    private static final Instant UNTIL = Instant.parse("2027-02-15T09:00:00Z");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "seed {0}, failure rate {1}")
    @CsvSource({"0, 0", "0, 0.1", "7, 0.3"})
    @DisplayName("simulate and run --virtual-clock record the same hops at the same instants")
    void agree(long seed, double rate) throws IOException {
        Path fleet = copy(Path.of("..", "fleet").toAbsolutePath().normalize(), dir.resolve("fleet"));
        List<String> simulated = simulated(fleet, FROM, UNTIL, seed, rate);
        List<String> journaled = ran(fleet, FROM, UNTIL, seed, rate);
        assertThat(sorted(journaled)).isEqualTo(sorted(simulated));
    }

    /**
     * The starts and outcomes {@code simulate} forecasts for a fleet folder, one line each. A
     * time-lapse is the engine alone, which approves no gate (a person does): the simulation is told
     * the same ({@code --approval-delay never}), and the demo fleet's gated stage holds in both.
     */
    static List<String> simulated(Path fleet, Instant from, Instant until, long seed, double rate) {
        Simulation sim = Simulator.run(Planner.standard().prepare(Fleets.read(fleet)),
                SimulationSettings.between(from, until).withSeed(seed).withFailureRate(rate)
                        .withApprovalDelay(java.util.Optional.empty()));
        List<String> simulated = new ArrayList<>();
        for (SimulatedUpgrade u : sim.upgrades()) {
            simulated.add(u.start() + " start " + u.cluster() + " " + u.from() + ">" + u.to());
            if (u.finished()) {
                simulated.add(u.end() + " " + u.outcome() + " " + u.cluster() + " " + u.from() + ">" + u.to());
            }
        }
        return simulated;
    }

    /** The starts and outcomes {@code run --virtual-clock} journals on the fleet folder, in the same words. */
    static List<String> ran(Path fleet, Instant from, Instant until, long seed, double rate) {
        Cli run = Cli.run("run", "--fleet", fleet.toString(), "--virtual-clock", "--from", from.toString(), "--until",
                until.toString(), "--probe", "simulated", "--seed", Long.toString(seed), "--failure-rate",
                Double.toString(rate));
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> journaled = new ArrayList<>();
        for (HistoryEntry e : JsonLinesJournal.read(JsonLinesJournal.stateFolder(fleet)).entries()) {
            String hop = e.clusterId() + " " + e.from() + ">" + e.to();
            switch (e.step()) {
                case STARTING -> journaled.add(e.at() + " start " + hop);
                case SUCCEEDED, FAILED -> journaled.add(e.at() + " " + e.state() + " " + hop);
                default -> { }
            }
        }
        return journaled;
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}

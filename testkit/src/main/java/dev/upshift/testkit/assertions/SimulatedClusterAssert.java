package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.simulate.HeldBack;
import dev.upshift.core.simulate.SimulatedCluster;
import dev.upshift.core.simulate.SimulatedUpgrade;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/** Assertions on one cluster's part of a simulated rollout. Failures say what it ran and what held it back. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SimulatedClusterAssert extends AbstractAssert<SimulatedClusterAssert, SimulatedCluster> {
    private final String range;

    SimulatedClusterAssert(SimulatedCluster actual, String range) {
        super(actual, SimulatedClusterAssert.class);
        this.range = range;
    }

    /** Its first upgrade starts at {@code start}. */
    public SimulatedClusterAssert startsAt(Instant start) {
        Optional<Instant> first = actual.upgrades().stream().map(SimulatedUpgrade::start).findFirst();
        if (!first.equals(Optional.of(start))) {
            fail("to start upgrading at " + start, first.map(f -> "it started at " + f).orElse("it never started"));
        }
        return this;
    }

    /** Its first upgrade starts within {@code [from, until)}. */
    public SimulatedClusterAssert startsBetween(Instant from, Instant until) {
        Optional<Instant> first = actual.upgrades().stream().map(SimulatedUpgrade::start).findFirst();
        if (first.isEmpty() || first.get().isBefore(from) || !first.get().isBefore(until)) {
            fail("to start upgrading between " + from + " and " + until, first.map(f -> "it started at " + f)
                    .orElse("it never started"));
        }
        return this;
    }

    /** It never starts an upgrade. */
    public SimulatedClusterAssert neverStarts() {
        if (!actual.upgrades().isEmpty()) {
            fail("never to start upgrading", "it started at " + actual.upgrades().get(0).start());
        }
        return this;
    }

    /** It ends in this state (its last upgrade's outcome, or its plan's state when it ran none). */
    public SimulatedClusterAssert endsAs(UpgradeState state) {
        if (actual.outcome() != state) {
            fail("to end " + state, "it ended " + actual.outcome());
        }
        return this;
    }

    /** It was held back by a reason of this code at some time. */
    public SimulatedClusterAssert wasHeldBackBy(String code) {
        if (actual.heldBack().stream().noneMatch(h -> h.code().equals(code))) {
            fail("to be held back by " + code, actual.heldBack().isEmpty() ? "nothing held it back"
                    : "it was held back by " + actual.heldBack().stream().map(HeldBack::code).collect(Collectors.joining(", ")));
        }
        return this;
    }

    private void fail(String expected, String found) {
        String upgrades = actual.upgrades().isEmpty() ? "  no upgrade ran" : actual.upgrades().stream()
                .map(u -> "  " + SimulationAssert.ran(u)).collect(Collectors.joining("\n"));
        String held = actual.heldBack().stream().map(h -> "  held back by " + h.code() + " for "
                + Describe.duration(h.total()) + ": " + h.message()).collect(Collectors.joining("\n"));
        failWithMessage("Expected %s %s, but %s %s:%n%s%s", actual.cluster(), expected, found, range, upgrades,
                held.isEmpty() ? "" : "\n" + held);
    }
}

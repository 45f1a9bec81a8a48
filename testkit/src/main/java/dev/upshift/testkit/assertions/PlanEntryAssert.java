package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.PlanEntry;
import dev.upshift.core.plan.PlanKind;
import dev.upshift.release.Version;
import dev.upshift.schedule.Interval;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one cluster's entry of a plan. Every failure quotes the plan's explanation of the
 * cluster: its move, its state and each reason in the order they must lift.
 *
 * <pre>{@code
 * assertThat(plan).cluster("prod-eu-billing-1").isBlockedBy("NO_PATH");
 * assertThat(plan).cluster("dev-eu-payments-1").isScheduledAt(Instant.parse("2026-12-14T21:00:00Z"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PlanEntryAssert extends AbstractAssert<PlanEntryAssert, PlanEntry> {
    private final Instant now;

    PlanEntryAssert(PlanEntry actual, Instant now) {
        super(actual, PlanEntryAssert.class);
        this.now = now;
    }

    /** The cluster is in this state. */
    public PlanEntryAssert hasState(UpgradeState state) {
        if (actual.state() != state) {
            fail("to be " + state, "it is " + actual.state());
        }
        return this;
    }

    /** It may start now. */
    public PlanEntryAssert isReady() {
        return hasState(UpgradeState.READY);
    }

    /** It will start in a known window. */
    public PlanEntryAssert isScheduled() {
        return hasState(UpgradeState.SCHEDULED);
    }

    /** It waits for something that will pass. */
    public PlanEntryAssert isWaiting() {
        return hasState(UpgradeState.WAITING);
    }

    /** It cannot start until someone acts. */
    public PlanEntryAssert isBlocked() {
        return hasState(UpgradeState.BLOCKED);
    }

    /** It has nothing to do. */
    public PlanEntryAssert isUpToDate() {
        return hasState(UpgradeState.UP_TO_DATE);
    }

    /** It is blocked, with a reason of this code among its reasons. */
    public PlanEntryAssert isBlockedBy(String code) {
        return isBlocked().hasReason(code);
    }

    /**
     * It is ready or scheduled, and its window starts within {@code window} (at or after its start,
     * before its end when it has one).
     */
    public PlanEntryAssert isScheduledWithin(Interval window) {
        Optional<Interval> w = actual.window();
        boolean startable = actual.state() == UpgradeState.READY || actual.state() == UpgradeState.SCHEDULED;
        if (!startable || w.isEmpty() || !window.contains(w.get().start())) {
            fail("to be scheduled within " + window, startable && w.isPresent() ? "its window starts at "
                    + w.get().start() : "it is " + actual.state() + (w.isPresent() ? ", window " + w.get() : ""));
        }
        return this;
    }

    /** It is ready or scheduled, and its window starts at {@code start}. */
    public PlanEntryAssert isScheduledAt(Instant start) {
        boolean startable = actual.state() == UpgradeState.READY || actual.state() == UpgradeState.SCHEDULED;
        if (!startable || !actual.window().map(Interval::start).equals(Optional.of(start))) {
            fail("to be scheduled at " + start, "it is " + actual.state()
                    + actual.window().map(w -> ", its window starting at " + w.start()).orElse(", with no window"));
        }
        return this;
    }

    /** It goes to this release. */
    public PlanEntryAssert goesTo(String version) {
        if (!actual.to().equals(Optional.of(Version.parse(version)))) {
            fail("to go to " + version, actual.to().map(v -> "it goes to " + v).orElse("it goes nowhere"));
        }
        return this;
    }

    /** Its path lands on exactly these releases, in order (the target last). */
    public PlanEntryAssert hasPath(String... versions) {
        List<Version> expected = Arrays.stream(versions).map(Version::parse).toList();
        if (!actual.path().equals(expected)) {
            fail("to take the path " + expected, actual.path().isEmpty() ? "it has no path" : "its path is " + actual.path());
        }
        return this;
    }

    /** Its upgrade is of this kind ({@code minor}, {@code config}, ...). */
    public PlanEntryAssert hasKind(PlanKind kind) {
        if (!actual.kind().equals(Optional.of(kind))) {
            fail("to be a " + kind + " upgrade", actual.kind().map(k -> "it is a " + k + " upgrade").orElse("it has no kind"));
        }
        return this;
    }

    /** It is in this stage of its upgrade. */
    public PlanEntryAssert isInStage(String stage) {
        if (!actual.stage().equals(Optional.of(stage))) {
            fail("to be in stage " + stage, actual.stage().map(s -> "it is in stage " + s).orElse("it is in no stage"));
        }
        return this;
    }

    /** The upgrade intent of this name selects it. */
    public PlanEntryAssert isSelectedBy(String upgrade) {
        if (!actual.upgrade().equals(Optional.of(upgrade))) {
            fail("to be selected by " + upgrade, actual.upgrade().map(u -> "it is selected by " + u)
                    .orElse("no upgrade selects it"));
        }
        return this;
    }

    /** A reason of this code is among its reasons. */
    public PlanEntryAssert hasReason(String code) {
        if (!actual.hasReason(code)) {
            fail("to have the reason " + code, actual.reasons().isEmpty() ? "it has no reason"
                    : "its reasons are " + codes(actual.reasons()));
        }
        return this;
    }

    /** Its reasons have exactly these codes, in this order. */
    public PlanEntryAssert hasReasons(String... codes) {
        List<String> expected = List.of(codes);
        List<String> found = actual.reasons().stream().map(Reason::code).toList();
        if (!found.equals(expected)) {
            fail("to have the reasons " + expected, "its reasons are " + found);
        }
        return this;
    }

    /** Its reason of this code lifts at {@code until}. */
    public PlanEntryAssert hasReasonUntil(String code, Instant until) {
        hasReason(code);
        Optional<Instant> lifts = actual.reason(code).flatMap(Reason::until);
        if (!lifts.equals(Optional.of(until))) {
            fail("to have the reason " + code + " until " + until, lifts.map(u -> "it lifts at " + u)
                    .orElse("no end is known"));
        }
        return this;
    }

    private void fail(String expected, String found) {
        failWithMessage("Expected %s %s at %s, but %s. The plan says:%n%s", actual.cluster(), expected, now, found,
                Describe.explanation(actual, now));
    }

    private static String codes(List<Reason> reasons) {
        return reasons.stream().map(Reason::code).collect(Collectors.joining(", "));
    }
}

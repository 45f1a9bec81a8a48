package dev.upshift.schedule;

import dev.upshift.diff.source.DocumentLoader;
import dev.upshift.diff.value.Durations;
import dev.upshift.diff.problem.InputException;
import dev.upshift.diff.kind.Metadata;
import dev.upshift.diff.kind.Migrations;
import dev.upshift.diff.internal.ObjectView;
import dev.upshift.diff.problem.Problems;
import dev.upshift.diff.source.SourceDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a platform requires of a maintenance policy, as data: an {@code AvailabilityProfile}
 * document. Upshift bundles {@code gke} and {@code aks} (a YAML resource next to this class, easy
 * to update when a provider changes its limits); users write their own in the same format.
 *
 * <pre>
 * kind: AvailabilityProfile
 * metadata: {name: gke}
 * spec:
 *   description: ...
 *   allowedTime: {atLeast: 48h, inAnyRolling: 32d, countingBlocksOf: 4h}
 *   windowLength: {min: 4h, max: 24h}
 * </pre>
 *
 * @param name the profile's name
 * @param description what it requires, in words
 * @param allowedTime a least amount of allowed time in any rolling period, if required
 * @param windowLength bounds on each window's length, if required
 */
public record AvailabilityProfile(String name, String description, Optional<AllowedTime> allowedTime,
        Optional<WindowLength> windowLength) {

    /** The document kind. */
    public static final String KIND = "AvailabilityProfile";

    private static final Migrations MIGRATIONS = Migrations.none(Map.of(KIND, MaintenanceSchedule.API_VERSION));
    private static final List<AvailabilityProfile> BUNDLED = loadBundled();

    /**
     * At least {@code atLeast} of allowed time (for patch upgrades) in every period of
     * {@code inAnyRolling}, counting only unbroken blocks of at least {@code countingBlocksOf}
     * (a block cut by the period's edge counts for its part inside, if that part is long enough).
     */
    public record AllowedTime(Duration atLeast, Duration inAnyRolling, Duration countingBlocksOf) {
        /** Validates: positive durations, {@code atLeast <= inAnyRolling}, non-negative block length. */
        public AllowedTime {
            Objects.requireNonNull(atLeast, "atLeast");
            Objects.requireNonNull(inAnyRolling, "inAnyRolling");
            Objects.requireNonNull(countingBlocksOf, "countingBlocksOf");
            if (atLeast.isNegative() || atLeast.isZero() || inAnyRolling.compareTo(atLeast) < 0 || countingBlocksOf.isNegative()) {
                throw new IllegalArgumentException("atLeast must be positive and no longer than inAnyRolling");
            }
        }
    }

    /** Every window's defined length lies within {@code [min, max]}. */
    public record WindowLength(Duration min, Duration max) {
        /** Validates: {@code 0 <= min <= max}. */
        public WindowLength {
            Objects.requireNonNull(min, "min");
            Objects.requireNonNull(max, "max");
            if (min.isNegative() || max.compareTo(min) < 0) {
                throw new IllegalArgumentException("windowLength needs 0 <= min <= max");
            }
        }
    }

    /** Validates the parts: a name and at least one rule. */
    public AvailabilityProfile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(allowedTime, "allowedTime");
        Objects.requireNonNull(windowLength, "windowLength");
        if (allowedTime.isEmpty() && windowLength.isEmpty()) {
            throw new IllegalArgumentException("a profile needs allowedTime or windowLength");
        }
    }

    /** The profiles Upshift ships: {@code gke} and {@code aks}. */
    public static List<AvailabilityProfile> bundled() {
        return BUNDLED;
    }

    /** A bundled profile by name. */
    public static Optional<AvailabilityProfile> bundled(String name) {
        return BUNDLED.stream().filter(p -> p.name.equals(name)).findFirst();
    }

    /**
     * Reads an {@value #KIND} document, reporting every problem with its position.
     *
     * @return the profile, or empty when the document has errors
     */
    public static Optional<AvailabilityProfile> read(SourceDocument document, Problems problems) {
        Problems local = new Problems();
        Optional<AvailabilityProfile> profile = MIGRATIONS.migrate(document, local).flatMap(d -> readSpec(d, local));
        problems.addAll(local.all());
        return local.hasErrors() ? Optional.empty() : profile;
    }

    /**
     * Checks a schedule against this profile over the two years from {@code from}; each shortfall
     * is an error located at the schedule (or window) concerned, naming the profile.
     */
    public void check(MaintenanceSchedule schedule, Instant from, Problems problems) {
        windowLength.ifPresent(w -> ProfileChecks.windowLengths(this, w, schedule, problems));
        allowedTime.ifPresent(a -> ProfileChecks.allowedTime(this, a, schedule, from, problems));
    }

    private static Optional<AvailabilityProfile> readSpec(SourceDocument document, Problems problems) {
        ObjectView root = ObjectView.of(document, problems);
        root.string("apiVersion");
        root.string("kind");
        Optional<Metadata> metadata = Metadata.read(root);
        Optional<ObjectView> spec = root.requiredObject("spec");
        root.rejectUnknownFields();
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        ObjectView s = spec.get();
        String description = s.string("description").orElse("");
        Optional<AllowedTime> allowed = s.object("allowedTime").flatMap(AvailabilityProfile::allowedTime);
        Optional<WindowLength> length = s.object("windowLength").flatMap(AvailabilityProfile::windowLength);
        s.rejectUnknownFields();
        if (allowed.isEmpty() && length.isEmpty() && !problems.hasErrors()) {
            s.error("a profile needs allowedTime or windowLength");
        }
        if (problems.hasErrors() || metadata.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new AvailabilityProfile(metadata.get().name(), description, allowed, length));
    }

    private static Optional<AllowedTime> allowedTime(ObjectView a) {
        Optional<Duration> atLeast = a.requiredParsed("atLeast", Durations::parse);
        Optional<Duration> rolling = a.requiredParsed("inAnyRolling", Durations::parse);
        Duration blocks = a.parsed("countingBlocksOf", Durations::parse).orElse(Duration.ZERO);
        a.rejectUnknownFields();
        if (atLeast.isEmpty() || rolling.isEmpty()) {
            return Optional.empty();
        }
        if (atLeast.get().isZero() || rolling.get().compareTo(atLeast.get()) < 0) {
            a.error("atLeast", "must be positive and no longer than inAnyRolling");
            return Optional.empty();
        }
        return Optional.of(new AllowedTime(atLeast.get(), rolling.get(), blocks));
    }

    private static Optional<WindowLength> windowLength(ObjectView w) {
        Duration min = w.parsed("min", Durations::parse).orElse(Duration.ZERO);
        Duration max = w.parsed("max", Durations::parse).orElse(Duration.ofSeconds(Long.MAX_VALUE));
        w.rejectUnknownFields();
        if (!w.has("min") && !w.has("max")) {
            w.error("give min, max or both");
            return Optional.empty();
        }
        if (max.compareTo(min) < 0) {
            w.error("max", "must not be shorter than min");
            return Optional.empty();
        }
        return Optional.of(new WindowLength(min, max));
    }

    private static List<AvailabilityProfile> loadBundled() {
        try (InputStream in = AvailabilityProfile.class.getResourceAsStream("profiles.yaml")) {
            if (in == null) {
                throw new IllegalStateException("the bundled profiles.yaml is missing from the schedule module");
            }
            Problems problems = new Problems();
            List<AvailabilityProfile> out = new ArrayList<>();
            for (SourceDocument d : DocumentLoader.create().load("profiles.yaml", in)) {
                read(d, problems).ifPresent(out::add);
            }
            problems.throwIfErrors();
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InputException e) {
            throw new IllegalStateException("the bundled profiles.yaml is broken: " + e.getMessage(), e);
        }
    }
}

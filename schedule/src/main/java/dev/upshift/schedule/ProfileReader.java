package dev.upshift.schedule;

import dev.upshift.common.kind.Metadata;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.read.DocumentRoot;
import dev.upshift.common.read.ObjectView;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.common.value.Durations;
import dev.upshift.schedule.AvailabilityProfile.AllowedTime;
import dev.upshift.schedule.AvailabilityProfile.WindowLength;
import java.time.Duration;
import java.util.Optional;

/** Reads {@code AvailabilityProfile} documents for {@link AvailabilityProfile#KIND}. */
final class ProfileReader {
    private ProfileReader() {}

    static Optional<AvailabilityProfile> read(SourceDocument document, Problems problems) {
        DocumentRoot root = DocumentRoot.read(document, problems);
        Optional<Metadata> metadata = root.metadata();
        Optional<ObjectView> spec = root.spec();
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        ObjectView s = spec.get();
        String description = s.string("description").orElse("");
        Optional<AllowedTime> allowed = s.object("allowedTime").flatMap(ProfileReader::allowedTime);
        Optional<WindowLength> length = s.object("windowLength").flatMap(ProfileReader::windowLength);
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
}

package dev.upshift.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The independent iCalendar reader the calendar tests check Upshift against: Python's
 * {@code icalendar} parser and {@code recurring_ical_events} expander (Debian's
 * {@code python3-icalendar} and {@code python3-recurring-ical-events}), run as a child process.
 *
 * <p>Where they are not installed, a test that needs them is skipped with a message that says so
 * and how to install them, also printed on stderr so that it shows in a build's log; in CI
 * ({@code CI=true}, or {@code -Dupshift.requireConformance=true}) it fails instead, so that CI never
 * passes without the oracle. {@code .ci/run} installs them.
 */
public final class IcalendarOracle {
    private static final List<String> PYTHONS = List.of("python3", "/usr/bin/python3");
    private static final String PACKAGES = "python3-icalendar python3-recurring-ical-events";
    private static Optional<String> python;

    private IcalendarOracle() {}

    /** One instance the oracle found: start and end in UTC, and the event's summary, UID and sequence. */
    public record Instance(Instant start, Instant end, String summary, String uid, String sequence) {
        /** {@code start/end}, as Upshift prints an interval. */
        public String interval() {
            return start + "/" + end;
        }
    }

    /**
     * Every instance of the calendar's events that overlaps {@code [from, until)}, sorted by start,
     * with dates and floating times read on {@code zone}'s clock.
     */
    public static List<Instance> instances(Path ics, Instant from, Instant until, ZoneId zone)
            throws IOException, InterruptedException {
        String interpreter = requirePython();
        Path script = Files.createTempFile("upshift-ics-oracle-", ".py");
        try (InputStream in = IcalendarOracle.class.getResourceAsStream("ics_oracle.py")) {
            Files.write(script, in.readAllBytes());
            Processes.Finished run = Processes.run(new ProcessBuilder(interpreter, script.toString(), ics.toString(),
                    from.toString(), until.toString(), zone.getId()), Duration.ofMinutes(2));
            if (run.exitCode() != 0) {
                throw new AssertionError("the iCalendar oracle could not read " + ics + ":\n" + run.output());
            }
            List<Instance> out = new ArrayList<>();
            for (String line : run.output().split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                out.add(new Instance(Instant.parse(f[0]), Instant.parse(f[1]), f[2], f[3], f[4]));
            }
            return out;
        } finally {
            Files.deleteIfExists(script);
        }
    }

    /** The Python interpreter that has both libraries; a loud skip, or in CI a failure, when none has. */
    public static synchronized String requirePython() throws IOException, InterruptedException {
        if (python == null) {
            python = find();
        }
        if (python.isEmpty()) {
            String message = "the independent iCalendar oracle is not installed (" + PACKAGES + "): this test was NOT"
                    + " run; install them with: apt-get install " + PACKAGES;
            if (required()) {
                Assertions.fail(message + "; CI requires them (CI=true or upshift.requireConformance)");
            }
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
        return python.get();
    }

    private static Optional<String> find() throws InterruptedException {
        for (String candidate : PYTHONS) {
            try {
                Processes.Finished probe = Processes.run(new ProcessBuilder(candidate, "-c",
                        "import icalendar, recurring_ical_events, pytz"), Duration.ofMinutes(1));
                if (probe.exitCode() == 0) {
                    return Optional.of(candidate);
                }
            } catch (IOException notThere) {
                // the next candidate
            }
        }
        return Optional.empty();
    }

    private static boolean required() {
        return Boolean.parseBoolean(System.getProperty("upshift.requireConformance", "false"))
                || "true".equalsIgnoreCase(System.getenv("CI"));
    }
}

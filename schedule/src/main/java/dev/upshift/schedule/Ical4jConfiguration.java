package dev.upshift.schedule;

import net.fortuna.ical4j.model.Recur;
import net.fortuna.ical4j.util.Configurator;

/**
 * The one place in the schedule module that reads ical4j's global configuration.
 *
 * <p>ical4j keeps its settings process-wide, in {@link Configurator}: an {@code ical4j.properties}
 * file on the class path (read once, when ical4j's class loads), then system properties. Each new
 * {@link Recur} reads {@code net.fortuna.ical4j.recur.maxincrementcount} from it: how many steps
 * without an instance ical4j takes before it stops, silently. Upshift must ask for fewer steps than
 * that at a time (see {@link RecurringSpan}), so it reads the same setting, here and nowhere else:
 * the rest of this pure module depends only on its arguments, and an ArchUnit rule keeps every
 * other class away from {@code Configurator}. Results never depend on the setting; only how many
 * steps each call to ical4j covers does.
 */
final class Ical4jConfiguration {
    /** The most steps asked of ical4j at once, whatever its limit. */
    static final long MAX_CHUNK_STEPS = 450;

    private Ical4jConfiguration() {}

    /**
     * How many steps of a rule to hand ical4j at once: at most half of its current limit of steps
     * without an instance (1,000 unless configured), and at most {@link #MAX_CHUNK_STEPS}. Read
     * each time, as ical4j reads it for each new {@link Recur}.
     */
    static long chunkSteps() {
        int limit = Configurator.getIntProperty(Recur.KEY_MAX_INCREMENT_COUNT).orElse(1_000);
        return limit <= 0 ? MAX_CHUNK_STEPS : Math.max(1, Math.min(MAX_CHUNK_STEPS, limit / 2));
    }
}

package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.schedule.MaintenanceSchedule;
import org.apiguardian.api.API;

/**
 * Lists the maintenance schedules that clusters name in {@code spec.schedule}.
 *
 * <p><b>Contract.</b> Core calls {@link #schedules()} at the start of every planning round and every
 * engine reconcile, on the thread doing that work. The call is a read: it must change nothing, and
 * two calls with no change in between must return equal listings. It may block. A bad schedule
 * document is left out and reported among the listing's problems; a cluster that names a schedule
 * missing from the listing is never upgraded (it is not treated as "always allowed"). An exception
 * means the schedules could not be read at all: the round is abandoned and tried again on the next
 * one. Names must be unique; core reports duplicates as problems.
 *
 * <p>Embedded default: the {@code MaintenanceSchedule} documents of a fleet folder.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ScheduleSource {

    /**
     * Lists every maintenance schedule.
     *
     * @return the schedules that could be read, and the problems of those that could not
     */
    Listing<MaintenanceSchedule> schedules();
}

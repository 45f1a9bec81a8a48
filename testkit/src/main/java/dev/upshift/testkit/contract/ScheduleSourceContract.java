package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ScheduleSource;
import org.apiguardian.api.API;

/** The contract of a {@link ScheduleSource}: the rules of {@link ListingContract}, on its {@code schedules()}. */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ScheduleSourceContract extends ListingContract<MaintenanceSchedule> {

    /** Subclasses only. */
    protected ScheduleSourceContract() {}

    /** The source under test, as the rule arranged it. */
    protected abstract ScheduleSource scheduleSource();

    @Override
    protected final Listing<MaintenanceSchedule> list() {
        return scheduleSource().schedules();
    }

    @Override
    protected final String name(MaintenanceSchedule c) {
        return c.name();
    }
}

/**
 * Maintenance schedules: windows, exclusions and freezes, interval arithmetic and the
 * allowed-interval index. Pure: no I/O beyond parsing what it is handed, no clock, no threads.
 */
module dev.upshift.schedule {
    requires transitive dev.upshift.common;
    // reading and writing iCalendar only: rules are expanded by Upshift's own Recurrence
    requires ical4j.core;

    exports dev.upshift.schedule;
}

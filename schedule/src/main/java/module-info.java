/**
 * Maintenance schedules: windows, exclusions and freezes, interval arithmetic and the
 * allowed-interval index. Pure: no I/O beyond parsing what it is handed, no clock, no threads.
 */
module dev.upshift.schedule {
    requires transitive dev.upshift.common;

    exports dev.upshift.schedule;
}

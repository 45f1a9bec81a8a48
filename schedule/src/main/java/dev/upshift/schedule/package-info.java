/**
 * Maintenance schedules: when upgrades may run.
 *
 * <p>A {@link dev.upshift.schedule.MaintenanceSchedule} holds recurring maintenance windows and
 * exclusions scoped by {@link dev.upshift.schedule.UpgradeKind}; a
 * {@link dev.upshift.schedule.Freeze} blocks one cluster until a time. A
 * {@link dev.upshift.schedule.ScheduleIndex} expands schedules once into sorted interval arrays
 * and answers {@link dev.upshift.schedule.AllowedIntervals} queries by binary search. Every query
 * takes time as a parameter; nothing here reads the clock.
 */
package dev.upshift.schedule;

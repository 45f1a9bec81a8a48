/**
 * The planner (DESIGN.md sections 3 and 8; docs/planning.md): a pure function of the catalog, the
 * fleet, the schedules, the upgrade intents, the history and an instant to a {@link dev.upshift.core.plan.Plan}
 * that says, for every cluster, where it goes, by which path, in which stage, when, and why not
 * sooner. {@link dev.upshift.core.plan.Planner} plans; {@link dev.upshift.core.plan.PreparedFleet} plans one
 * fleet at many instants; {@link dev.upshift.core.present.PlanJson} writes the stable JSON form;
 * {@link dev.upshift.core.plan.Explanation} explains one cluster. Pure: no I/O, no clock, no threads.
 */
package dev.upshift.core.plan;

/**
 * The simulator (DESIGN.md section 8, {@code upshift simulate}; docs/simulation.md): a virtual clock
 * advanced through the calendar from one instant at which something can happen to the next,
 * planning the fleet there and starting what the plan allows, each upgrade taking its expected time
 * and succeeding unless a seeded failure rate says otherwise. {@link dev.upshift.core.simulate.Simulator}
 * runs it, {@link dev.upshift.core.simulate.Simulation} is what it found (when each cluster would
 * upgrade, how it ended, what held it back, and the calendars it planned against),
 * {@link dev.upshift.core.simulate.Forecast} reads one cluster's start off it,
 * {@link dev.upshift.core.simulate.EndOfLife} which clusters would still run a release past its end
 * of life and what one change would bring them off it in time, and
 * {@link dev.upshift.core.present.SimulationJson} writes it as stable JSON. Pure: no wall clock, no
 * I/O, no threads.
 */
package dev.upshift.core.simulate;

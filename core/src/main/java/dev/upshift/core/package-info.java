/**
 * Upshift's core, in rooms: the fleet's kinds and readers ({@code core.fleet}), selection ({@code core.select}),
 * validation ({@code core.validate}), the planner ({@code core.plan}), the simulator ({@code core.simulate}),
 * presentation ({@code core.present}) and the embedded file adapters ({@code core.file}).
 */
package dev.upshift.core;

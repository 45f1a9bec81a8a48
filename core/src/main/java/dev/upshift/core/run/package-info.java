/**
 * Running the engine against real adapters (docs/engine.md): {@link dev.upshift.core.run.Deadlines}
 * cuts off an SPI call that hangs past its deadline, so that one stuck adapter cannot hold a
 * reconcile. The one room of core that starts threads; like the rest of core, it reads no clock
 * (the loop that reconciles on the wall clock belongs to the program that embeds the engine).
 */
package dev.upshift.core.run;

/**
 * The engine (DESIGN.md sections 3 and 7; docs/engine.md): the level-triggered reconcile loop that
 * carries a plan out through the SPIs. {@link dev.upshift.core.engine.Engine} is the entry point. Each {@code reconcile(now)} reads the world again
 * through the sources and the {@code StatusProbe}, compares it with the plan, takes the next safe
 * step for each cluster through {@code UpgradeStrategy}, {@code UpgradeHook} and
 * {@code ChangePublisher}, and records it through {@code HistoryStore} and {@code EventSink}, the
 * intent journaled before the effect; running it twice changes nothing the second time.
 *
 * <p>Pure like the planner: time is a parameter ({@code now}), never a clock read; it touches no
 * file (the journal is an adapter, {@code core.journal}, reached through {@code HistoryStore}) and
 * starts no thread, so that the simulator can run it on a virtual clock over in-memory adapters and
 * a forecast and a real run cannot disagree. Core's {@code LayeringTest} holds it to that.
 */
package dev.upshift.core.engine;

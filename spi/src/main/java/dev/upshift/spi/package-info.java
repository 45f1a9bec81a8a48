/**
 * The contracts between Upshift and the world it upgrades: the interfaces adapters implement and
 * the small values they exchange. Nothing here does any work but the one reference store below;
 * {@code dev.upshift.core} calls these interfaces, and adapters (files, Kubernetes, git, telemetry)
 * implement them.
 *
 * <h2>What is here</h2>
 * <ul>
 *   <li>Inputs, read again on every planning round: {@link dev.upshift.spi.ClusterInventory},
 *       {@link dev.upshift.spi.ReleaseSource}, {@link dev.upshift.spi.ScheduleSource} and
 *       {@link dev.upshift.spi.UpgradeSource}, each answering with a {@link dev.upshift.spi.Listing};
 *       {@link dev.upshift.spi.Renderer} for a dry-run of a cluster's documents at a release.
 *   <li>Effects, driven by the engine: {@link dev.upshift.spi.ChangePublisher},
 *       {@link dev.upshift.spi.StatusProbe}, {@link dev.upshift.spi.UpgradeStrategy},
 *       {@link dev.upshift.spi.UpgradeHook}, {@link dev.upshift.spi.EventSink} and
 *       {@link dev.upshift.spi.HistoryStore}, fenced by epoch where several writers share it
 *       ({@link dev.upshift.spi.FencedHistoryStore}).
 *   <li>The content of the fleet documents the sources return: {@link dev.upshift.spi.ManagedCluster}
 *       and {@link dev.upshift.spi.ClusterUpgrade} with its parts.
 *   <li>The values exchanged: records that validate when they are built, and outcomes as sealed
 *       types with static factories ({@link dev.upshift.spi.HookResult#retryAfter},
 *       {@link dev.upshift.spi.Decision#decline}).
 *   <li>One reference implementation, as OpenTelemetry's SDK offers an in-memory exporter:
 *       {@link dev.upshift.spi.InMemoryHistoryStore}, a fenced history in memory, thread-safe, that
 *       tests, the simulator and dry runs use and every other store's behaviour is held to.
 * </ul>
 *
 * <h2>Rules every interface here follows unless its own contract says otherwise</h2>
 * <ul>
 *   <li><b>Threads.</b> Upshift never calls one adapter instance from two threads at once.
 *       Successive calls may come from different threads; each call happens-before the next, so an
 *       adapter needs no locking for state only Upshift touches.
 *   <li><b>Nulls.</b> Parameters and results are never {@code null}; an absent result is an
 *       empty {@link java.util.Optional} or an empty list.
 *   <li><b>Time.</b> Adapters are handed the instant they are called for; none of these contracts
 *       asks an adapter to read a clock.
 *   <li><b>Outcomes are values.</b> A decision (decline, abort, retry later, rejected) is returned,
 *       never thrown.
 *   <li><b>Exceptions mean trouble, not decisions.</b> An unchecked exception from an adapter says
 *       that it could not do its job this time (the API server is down, the disk is full). The
 *       engine records no step as done because of it, reports it, and tries again on its next
 *       reconcile; it never counts it as an upgrade failure. Planning rounds whose sources throw
 *       produce no plan rather than a plan built on part of the fleet.
 *   <li><b>Idempotence.</b> The engine is level-triggered and may be killed at any point, so it may
 *       repeat a call after a restart: effectful calls carry the upgrade's stable
 *       {@link dev.upshift.spi.Upgrade#id() id}, and a repeated call must not repeat the effect.
 * </ul>
 *
 * <p>docs/spi.md describes each interface and shows the smallest adapter that works.
 */
package dev.upshift.spi;

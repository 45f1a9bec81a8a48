/**
 * Contract tests for adapter authors, in the manner of Micrometer's compatibility kit: an abstract
 * JUnit 5 test class per SPI interface, whose rules each have a short id and a sentence (the test's
 * display name) and hold an adapter to what the interface's contract says. Extend the one for your
 * adapter, say how to make it and how to arrange what a rule needs, and declare the optional
 * capabilities it lacks ({@link dev.upshift.testkit.contract.Capabilities}): those rules are
 * reported as not run, with the reason, never skipped silently.
 *
 * <table>
 *   <caption>The contracts</caption>
 *   <tr><th>SPI</th><th>contract</th></tr>
 *   <tr><td>{@code HistoryStore}</td><td>{@link dev.upshift.testkit.contract.HistoryStoreContract}</td></tr>
 *   <tr><td>{@code ChangePublisher}</td><td>{@link dev.upshift.testkit.contract.ChangePublisherContract}</td></tr>
 *   <tr><td>{@code StatusProbe}</td><td>{@link dev.upshift.testkit.contract.StatusProbeContract}</td></tr>
 *   <tr><td>{@code UpgradeHook}</td><td>{@link dev.upshift.testkit.contract.UpgradeHookContract}</td></tr>
 *   <tr><td>{@code UpgradePartHook}</td><td>{@link dev.upshift.testkit.contract.UpgradePartHookContract}</td></tr>
 *   <tr><td>{@code UpgradeStrategy}</td><td>{@link dev.upshift.testkit.contract.UpgradeStrategyContract}</td></tr>
 *   <tr><td>{@code EventSink}</td><td>{@link dev.upshift.testkit.contract.EventSinkContract}</td></tr>
 *   <tr><td>{@code Renderer}</td><td>{@link dev.upshift.testkit.contract.RendererContract}</td></tr>
 *   <tr><td>{@code ReadinessCheck}</td><td>{@link dev.upshift.testkit.contract.ReadinessCheckContract}</td></tr>
 *   <tr><td>{@code ClusterInventory}, {@code ReleaseSource}, {@code ScheduleSource},
 *       {@code UpgradeSource}</td><td>{@link dev.upshift.testkit.contract.ClusterInventoryContract},
 *       {@link dev.upshift.testkit.contract.ReleaseSourceContract},
 *       {@link dev.upshift.testkit.contract.ScheduleSourceContract},
 *       {@link dev.upshift.testkit.contract.UpgradeSourceContract}</td></tr>
 * </table>
 */
package dev.upshift.testkit.contract;

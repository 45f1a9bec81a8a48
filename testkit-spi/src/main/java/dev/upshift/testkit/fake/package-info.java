/**
 * In-memory fakes of every SPI interface, for tests of code that embeds Upshift and of the engine
 * itself: each records what it was asked, and has switches that make its calls throw, hang,
 * reject, decline or answer late ({@link dev.upshift.testkit.fake.Faults}). They need the SPI only,
 * so they live in the artifact {@code upshift-testkit-spi}, which {@code upshift-testkit} brings and
 * core's own tests use.
 *
 * <table>
 *   <caption>The fakes</caption>
 *   <tr><th>SPI</th><th>fake</th></tr>
 *   <tr><td>{@code ChangePublisher}</td><td>{@link dev.upshift.testkit.fake.FakePublisher}</td></tr>
 *   <tr><td>{@code StatusProbe}</td><td>{@link dev.upshift.testkit.fake.FakeProbe}</td></tr>
 *   <tr><td>{@code HistoryStore}, {@code FencedHistoryStore}</td><td>{@link dev.upshift.testkit.fake.FakeHistory}
 *       (the SPI's {@code InMemoryHistoryStore} with switches)</td></tr>
 *   <tr><td>{@code UpgradeHook}</td><td>{@link dev.upshift.testkit.fake.FakeHook}</td></tr>
 *   <tr><td>{@code UpgradePartHook}</td><td>{@link dev.upshift.testkit.fake.FakePartHook}</td></tr>
 *   <tr><td>{@code UpgradeStrategy}</td><td>{@link dev.upshift.testkit.fake.FakeStrategy}</td></tr>
 *   <tr><td>{@code EventSink}</td><td>{@link dev.upshift.testkit.fake.FakeEvents}</td></tr>
 *   <tr><td>{@code Renderer}</td><td>{@link dev.upshift.testkit.fake.FakeRenderer}</td></tr>
 *   <tr><td>{@code ClusterInventory}, {@code ReleaseSource}, {@code ScheduleSource},
 *       {@code UpgradeSource}</td><td>{@link dev.upshift.testkit.fake.FakeSources}</td></tr>
 * </table>
 */
package dev.upshift.testkit.fake;

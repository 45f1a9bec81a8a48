package dev.upshift.testkit.junit;

import static dev.upshift.testkit.assertions.UpshiftAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.engine.Engine;
import dev.upshift.testkit.TestClock;
import dev.upshift.testkit.TestWorld;
import dev.upshift.testkit.Worlds;
import dev.upshift.testkit.fake.FakeHistory;
import dev.upshift.testkit.fake.FakePublisher;
import dev.upshift.testkit.fleet.TestFleet;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class UpshiftExtensionTest {
    @RegisterExtension
    static final UpshiftExtension UPSHIFT = UpshiftExtension.withFleet(Worlds::small).startingAt(Worlds.T0);

    private TestWorld before;

    @BeforeEach
    void takeTheWorld(TestWorld world) {
        before = world;
    }

    @Test
    @DisplayName("every part resolved in one test belongs to one world, the one its lifecycle methods got")
    void onePerTest(TestWorld world, TestClock clock, FakePublisher publisher, FakeHistory history, Engine engine,
            TestFleet fleet) {
        assertThat(world).isSameAs(before);
        assertThat(clock).isSameAs(world.clock());
        assertThat(publisher).isSameAs(world.publisher());
        assertThat((Object) history).isSameAs(world.history());
        assertThat(engine).isSameAs(world.engine());
        assertThat(fleet.clusters()).hasSize(3);
        assertThat(clock.instant()).isEqualTo(Worlds.T0);

        engine.reconcile(clock.instant());

        assertThat(history).isValid();
        assertThat(publisher.published()).hasSize(4);
    }

    @Test
    @StartAt("2027-01-04T21:00:00Z")
    @DisplayName("@StartAt sets the clock of the test's world, and each test gets a world of its own")
    void startAt(TestWorld world, FakeHistory history) {
        assertThat(world.clock().instant()).isEqualTo(Instant.parse("2027-01-04T21:00:00Z"));
        assertThat(history.all()).isEmpty();
    }
}

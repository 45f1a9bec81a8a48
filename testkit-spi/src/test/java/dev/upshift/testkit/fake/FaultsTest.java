package dev.upshift.testkit.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FaultsTest {
    @Test
    @DisplayName("queued faults come first, in order, then the standing one; clear goes back to normal")
    void order() {
        Faults f = new Faults("publish").saying("connection refused");
        f.throwTimes(2);
        assertThatThrownBy(f::enter).hasMessage("publish: connection refused");
        assertThatThrownBy(f::enter).isInstanceOf(IllegalStateException.class);
        f.enter();
        f.throwAlways();
        assertThatThrownBy(f::enter).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(f::enter).isInstanceOf(IllegalStateException.class);
        f.clear();
        f.enter();
        assertThat(f.thrown()).isEqualTo(4);
        assertThat(f.calls()).isEqualTo(6);
    }

    @Test
    @DisplayName("a hung call goes on when released, and throws when its thread is interrupted")
    void hangs() throws Exception {
        Faults f = new Faults("probe");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Faults.Hang hang = f.hangOnce();
            Future<String> released = pool.submit(() -> {
                f.enter();
                return "went on";
            });
            while (hang.hanging() == 0) {
                Thread.onSpinWait();
            }
            hang.release();
            assertThat(released.get()).isEqualTo("went on");

            f.hangOnce();
            Future<?> interrupted = pool.submit(f::enter);
            while (f.hanging() == 0) {
                Thread.onSpinWait();
            }
            interrupted.cancel(true);
            while (f.hanging() > 0) {
                Thread.onSpinWait();
            }
            assertThat(f.calls()).isEqualTo(2);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("a fault is switched on for at least one call")
    void badCounts() {
        assertThatThrownBy(() -> new Faults("x").throwTimes(0)).hasMessageContaining("at least one call");
    }
}

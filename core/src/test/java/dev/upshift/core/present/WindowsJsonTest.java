package dev.upshift.core.present;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.schedule.Interval;
import dev.upshift.schedule.UpgradeKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The stable JSON form of a schedule's allowed intervals (docs/cli.md, "upshift windows"). */
class WindowsJsonTest {
    private static final Instant FROM = Instant.parse("2021-03-10T00:00:00Z");

    @Test
    @DisplayName("intervals up to an instant: until set, count null, each interval with its length")
    void until() {
        WindowsJson.Query query = new WindowsJson.Query("nights", UpgradeKind.MINOR.changingNodes(), FROM,
                Optional.of(Instant.parse("2021-03-12T00:00:00Z")), OptionalInt.empty(), Duration.ofMinutes(90));
        assertThat(WindowsJson.render(query, List.of(new Interval(Instant.parse("2021-03-11T07:00:00Z"),
                Instant.parse("2021-03-11T17:00:00Z"))), Optional.empty())).isEqualTo("""
                {
                  "schedule": "nights",
                  "scope": "minor",
                  "nodeLevel": true,
                  "from": "2021-03-10T00:00:00Z",
                  "until": "2021-03-12T00:00:00Z",
                  "count": null,
                  "minDuration": "1h30m",
                  "intervals": [
                    {
                      "start": "2021-03-11T07:00:00Z",
                      "end": "2021-03-11T17:00:00Z",
                      "seconds": 36000
                    }
                  ]
                }
                """);
    }

    @Test
    @DisplayName("the first intervals: count set, an open interval without end or length, where the search stopped")
    void count() {
        WindowsJson.Query query = new WindowsJson.Query("always", UpgradeKind.PATCH, FROM, Optional.empty(),
                OptionalInt.of(3), Duration.ZERO);
        assertThat(WindowsJson.render(query, List.of(Interval.openFrom(FROM)),
                Optional.of(Instant.parse("2051-03-10T00:00:00Z")))).isEqualTo("""
                {
                  "schedule": "always",
                  "scope": "patch",
                  "nodeLevel": false,
                  "from": "2021-03-10T00:00:00Z",
                  "until": null,
                  "count": 3,
                  "minDuration": "0s",
                  "searchStoppedAt": "2051-03-10T00:00:00Z",
                  "intervals": [
                    {
                      "start": "2021-03-10T00:00:00Z",
                      "end": null,
                      "seconds": null
                    }
                  ]
                }
                """);
    }

    @Test
    @DisplayName("a query names either an end or a count")
    void eitherUntilOrCount() {
        assertThatThrownBy(() -> new WindowsJson.Query("s", UpgradeKind.PATCH, FROM, Optional.empty(), OptionalInt.empty(),
                Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WindowsJson.Query("s", UpgradeKind.PATCH, FROM, Optional.of(FROM), OptionalInt.of(1),
                Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }
}

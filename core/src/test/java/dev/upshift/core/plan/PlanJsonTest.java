package dev.upshift.core.plan;

import static dev.upshift.core.plan.Fixtures.cluster;
import static dev.upshift.core.plan.Fixtures.input;
import static dev.upshift.core.plan.Fixtures.t;
import static dev.upshift.core.plan.Fixtures.upgrade;
import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.core.present.PlanJson;
import dev.upshift.schedule.Freeze;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterMatcher;
import dev.upshift.spi.ManagedCluster;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The stable JSON form of a plan, and explanations. */
class PlanJsonTest {
    /** Monday to Thursday nights, 22:00–04:00 UTC. */
    private static final MaintenanceSchedule WEEKDAY_NIGHTS = Fixtures.schedule("weekday-nights", List.of(Fixtures.window(
            "nights", LocalDateTime.of(2026, 1, 5, 22, 0), Duration.ofHours(6), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH;WKST=MO")),
            List.of());

    private static Plan yearEnd() {
        ManagedCluster frozen = cluster("prod-eu-1", "19.1.0").schedule("weekday-nights")
                .freeze(new Freeze(t("2027-01-02T00:00:00Z"), "year-end change freeze")).build();
        ManagedCluster idle = cluster("dev-1", "20.1.0").build();
        return Planner.standard().plan(input(List.of(frozen, idle), List.of(WEEKDAY_NIGHTS),
                List.of(upgrade("fleet-to-20.1", "20.1.0", ClusterMatcher.clusterId("prod-eu-1")).build()), List.of()),
                t("2026-12-20T12:00:00Z"));
    }

    @Test
    @DisplayName("a plan renders as the documented JSON, every field present, in a fixed order")
    void rendersStableJson() {
        assertThat(PlanJson.render(yearEnd())).isEqualTo("""
                {
                  "now": "2026-12-20T12:00:00Z",
                  "counts": {
                    "upToDate": 1,
                    "ready": 0,
                    "scheduled": 1,
                    "waiting": 0,
                    "blocked": 0,
                    "inProgress": 0,
                    "succeeded": 0,
                    "failed": 0
                  },
                  "entries": [
                    {
                      "cluster": "dev-1",
                      "from": "20.1.0",
                      "to": null,
                      "path": [],
                      "kind": null,
                      "releaseChange": null,
                      "stage": null,
                      "state": "upToDate",
                      "window": null,
                      "reasons": [],
                      "upgrade": null,
                      "expectedEnd": null,
                      "impact": null,
                      "endOfLife": null,
                      "unchecked": false,
                      "overrun": null,
                      "hops": []
                    },
                    {
                      "cluster": "prod-eu-1",
                      "from": "19.1.0",
                      "to": "20.1.0",
                      "path": [
                        "20.0.0",
                        "20.1.0"
                      ],
                      "kind": "minor",
                      "releaseChange": "major",
                      "stage": "all",
                      "state": "scheduled",
                      "window": {
                        "start": "2027-01-04T22:00:00Z",
                        "end": "2027-01-05T04:00:00Z"
                      },
                      "reasons": [
                        {
                          "code": "FROZEN",
                          "message": "frozen until 2027-01-02T00:00:00Z (year-end change freeze)",
                          "until": "2027-01-02T00:00:00Z"
                        },
                        {
                          "code": "OUTSIDE_WINDOW",
                          "message": "no maintenance window of schedule weekday-nights is open until 2027-01-04T22:00:00Z",
                          "until": "2027-01-04T22:00:00Z"
                        }
                      ],
                      "upgrade": "fleet-to-20.1",
                      "expectedEnd": "2027-01-04T23:00:00Z",
                      "impact": null,
                      "endOfLife": null,
                      "unchecked": false,
                      "overrun": null,
                      "hops": [
                        {
                          "from": "19.1.0",
                          "to": "20.0.0",
                          "kind": "minor",
                          "window": {
                            "start": "2027-01-04T22:00:00Z",
                            "end": "2027-01-05T04:00:00Z"
                          },
                          "expectedEnd": "2027-01-04T23:00:00Z",
                          "overrun": null,
                          "reasons": []
                        },
                        {
                          "from": "20.0.0",
                          "to": "20.1.0",
                          "kind": "minor",
                          "window": {
                            "start": "2027-01-04T23:00:00Z",
                            "end": "2027-01-05T04:00:00Z"
                          },
                          "expectedEnd": "2027-01-05T00:00:00Z",
                          "overrun": null,
                          "reasons": []
                        }
                      ]
                    }
                  ],
                  "problems": []
                }
                """);
    }

    @Test
    @DisplayName("an explanation lists every reason in the order it lifts, then the window")
    void explains() {
        Explanation e = yearEnd().explain("prod-eu-1").orElseThrow();
        assertThat(e.sentence()).isEqualTo("frozen until 2027-01-02T00:00:00Z (year-end change freeze); then the next"
                + " window is 2027-01-04T22:00:00Z–2027-01-05T04:00:00Z, expected to finish hop 1 of 2 (19.1.0 → 20.0.0) by"
                + " 2027-01-04T23:00:00Z; then hop 2 of 2 (20.0.0 → 20.1.0) in the window"
                + " 2027-01-04T23:00:00Z–2027-01-05T04:00:00Z, expected to finish by 2027-01-05T00:00:00Z");
        assertThat(e.lines()).containsExactly(
                "prod-eu-1: 19.1.0 → 20.0.0 → 20.1.0 (minor), hop 1 of 2, upgrade fleet-to-20.1, stage all, scheduled",
                "  1. frozen until 2027-01-02T00:00:00Z (year-end change freeze)",
                "  2. then the next window is 2027-01-04T22:00:00Z–2027-01-05T04:00:00Z, expected to finish hop 1 of 2"
                        + " (19.1.0 → 20.0.0) by 2027-01-04T23:00:00Z",
                "  3. then hop 2 of 2 (20.0.0 → 20.1.0) in the window 2027-01-04T23:00:00Z–2027-01-05T04:00:00Z, expected"
                        + " to finish by 2027-01-05T00:00:00Z");
        assertThat(e.steps()).extracting(Explanation.Step::code).containsExactly(ReasonCodes.FROZEN,
                ReasonCodes.OUTSIDE_WINDOW, "HOP");
        assertThat(e.steps()).extracting(Explanation.Step::until).containsExactly(
                java.util.Optional.of(t("2027-01-02T00:00:00Z")), java.util.Optional.of(t("2027-01-04T22:00:00Z")),
                java.util.Optional.of(t("2027-01-04T23:00:00Z")));
        assertThat(yearEnd().explain("dev-1").orElseThrow().sentence()).isEqualTo("nothing to do");
        assertThat(yearEnd().explain("nope")).isEmpty();
    }

    @Test
    @DisplayName("a plan's JSON does not depend on the order of the input's lists")
    void orderFree() {
        List<ManagedCluster> clusters = List.of(cluster("b", "19.1.0").build(), cluster("a", "19.1.0").build());
        var ups = List.of(upgrade("u2", "19.2.0", ClusterMatcher.clusterId("b")).build(),
                upgrade("u1", "20.0.0", ClusterMatcher.clusterId("a")).build());
        String one = PlanJson.render(Planner.standard().plan(input(clusters, List.of(), ups, List.of()), Fixtures.NOW));
        String two = PlanJson.render(Planner.standard().plan(input(List.of(clusters.get(1), clusters.get(0)), List.of(),
                List.of(ups.get(1), ups.get(0)), List.of()), Fixtures.NOW));
        assertThat(one).isEqualTo(two);
    }
}

package dev.upshift.core.simulate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.UpgradeState;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One step of a simulation: an instant at which something happened or could happen (an upgrade
 * finished, a window opened, a reason lifted), what finished and what started then, and where the
 * fleet stood afterwards.
 *
 * @param at the instant
 * @param finished the clusters whose upgrade finished at {@code at}, by id
 * @param started the clusters whose upgrade started at {@code at}, by id
 * @param inProgress the clusters upgrading after the step, by id
 * @param counts how many clusters were in each state after the step (every state is a key, in
 *     declaration order)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SimulationStep(Instant at, List<String> finished, List<String> started, List<String> inProgress,
        Map<UpgradeState, Integer> counts) {

    /** Validates and copies the parts. */
    public SimulationStep {
        Objects.requireNonNull(at, "at");
        finished = List.copyOf(finished);
        started = List.copyOf(started);
        inProgress = List.copyOf(inProgress);
        EnumMap<UpgradeState, Integer> all = new EnumMap<>(UpgradeState.class);
        for (UpgradeState s : UpgradeState.values()) {
            all.put(s, counts.getOrDefault(s, 0));
        }
        counts = Collections.unmodifiableMap(all);
    }
}

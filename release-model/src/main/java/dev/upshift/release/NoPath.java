package dev.upshift.release;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * There is no path: {@link #reason()} says why in one sentence naming the first rule that cut the
 * graph; {@link #cuts()} lists that cut first and then the others found at the same frontier.
 *
 * @param from the release the cluster runs
 * @param to the release asked for
 * @param reason one sentence, e.g. "20.0.0 accepts >=19.2.0 but the cluster runs 19.1.3"
 * @param cuts the refused hops behind the reason, the deciding one first (may be empty when the
 *     reason is not about a hop, e.g. an unknown release)
 */
@API(status = MAINTAINED, since = "0.1")
public record NoPath(Version from, Version to, String reason, List<Cut> cuts) implements PathResult {

    /** Validates the parts. */
    public NoPath {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(reason, "reason");
        cuts = List.copyOf(cuts);
    }

    /** The rule that decided, if the reason is about a hop. */
    public java.util.Optional<Cut.Rule> rule() {
        return cuts.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(cuts.get(0).rule());
    }

    @Override
    public String toString() {
        return "no upgrade path from " + from + " to " + to + ": " + reason;
    }
}

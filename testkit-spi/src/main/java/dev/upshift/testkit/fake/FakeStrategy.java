package dev.upshift.testkit.fake;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.spi.Decision;
import dev.upshift.spi.UpgradeRequest;
import dev.upshift.spi.UpgradeStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * An {@link UpgradeStrategy} that accepts every request unless told to decline some or all, and
 * records every request.
 *
 * <pre>{@code
 * FakeStrategy inPlace = new FakeStrategy();
 * inPlace.declineWhen(r -> r.owner().kind() == UpgradeRequest.Owner.Kind.CONTROL_PLANE,
 *         "control planes are replaced, never changed in place");
 * }</pre>
 *
 * <p>Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeStrategy implements UpgradeStrategy {
    private final Faults faults = new Faults("strategy");
    private Predicate<UpgradeRequest> declines = r -> false;
    private String reason = "";
    private final List<UpgradeRequest> requests = new ArrayList<>();

    /** The switches that make {@link #decide} throw or hang. */
    public Faults faults() {
        return faults;
    }

    /** Declines the requests {@code which} accepts, with {@code why}; accepts the others. */
    public synchronized FakeStrategy declineWhen(Predicate<UpgradeRequest> which, String why) {
        Decision.decline(why);
        this.declines = Objects.requireNonNull(which, "which");
        this.reason = why;
        return this;
    }

    /** Declines every request with {@code why}. */
    public FakeStrategy declineAll(String why) {
        return declineWhen(r -> true, why);
    }

    /** Accepts every request again. */
    public synchronized FakeStrategy acceptAll() {
        this.declines = r -> false;
        return this;
    }

    @Override
    public Decision decide(UpgradeRequest request) {
        Objects.requireNonNull(request, "request");
        faults.enter();
        synchronized (this) {
            requests.add(request);
            return declines.test(request) ? Decision.decline(reason) : Decision.accept();
        }
    }

    /** The requests it answered, in order. */
    public synchronized List<UpgradeRequest> requests() {
        return List.copyOf(requests);
    }

    @Override
    public synchronized String toString() {
        return "fake strategy: " + requests.size() + " requests";
    }
}

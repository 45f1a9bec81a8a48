package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A part of a hop that the engine publishes on its own, as Cluster API's chained upgrades step
 * through a cluster: first its control plane, then its workers. The engine carries a hop out in
 * these two parts only when an {@link UpgradePartHook} is registered and the hop changes both; each
 * part then has its own {@link Upgrade#id() id}, the hop's key followed by {@code /} and the part's
 * {@link #word() word} ({@code prod-eu-1:19.3.1..20.1.0#1/control-plane}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum UpgradePart {
    /**
     * The control plane's documents and every document that is not a worker's: published first,
     * with the cluster's release unchanged.
     */
    CONTROL_PLANE("control-plane"),
    /**
     * The machine deployments' and machine pools' documents and the templates they alone name, with
     * the cluster's release: published once the control plane is done and the part hooks proceeded.
     */
    WORKERS("workers");

    private final String word;

    UpgradePart(String word) {
        this.word = word;
    }

    /** The word part ids and documents use ({@code control-plane}, {@code workers}). */
    public String word() {
        return word;
    }

    /** The words, in declaration order, for readers. */
    public static Map<String, UpgradePart> words() {
        Map<String, UpgradePart> out = new LinkedHashMap<>();
        for (UpgradePart p : values()) {
            out.put(p.word, p);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}

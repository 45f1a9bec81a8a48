package dev.upshift.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/** How an upgrade uses a maintenance window ({@code spec.windowPolicy} of a {@link ClusterUpgrade}). */
@API(status = EXPERIMENTAL, since = "0.1")
public enum WindowPolicy {
    /**
     * The upgrade must start inside a window and may finish after the window ends: any allowed
     * instant will do ({@code startWithin}, the default; as AKS and system-upgrade-controller do).
     */
    START_WITHIN("startWithin"),
    /** The whole upgrade, {@code expectedDuration} long, must fit inside one window ({@code completeWithin}). */
    COMPLETE_WITHIN("completeWithin"),
    /**
     * The upgrade starts inside a window, pauses when the window ends and goes on in the next one
     * ({@code pauseAndResume}, as GKE does): {@code expectedDuration} counts allowed time only.
     */
    PAUSE_AND_RESUME("pauseAndResume");

    private final String word;

    WindowPolicy(String word) {
        this.word = word;
    }

    /** The word documents use ({@code startWithin}, ...). */
    public String word() {
        return word;
    }

    /** The words documents use, in declaration order, for readers. */
    public static Map<String, WindowPolicy> words() {
        Map<String, WindowPolicy> out = new LinkedHashMap<>();
        for (WindowPolicy p : values()) {
            out.put(p.word, p);
        }
        return out;
    }

    @Override
    public String toString() {
        return word;
    }
}

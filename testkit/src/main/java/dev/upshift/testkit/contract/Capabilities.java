package dev.upshift.testkit.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Assumptions;

/**
 * What an adapter under a contract test says it can do: every optional capability of the contract
 * is supported unless declared unsupported, with the reason, here. A rule that needs an unsupported
 * capability is not run: JUnit reports it as aborted with the capability and the reason (never a
 * silent skip), and the contract's "declares its capabilities" test lists every one declared.
 *
 * <pre>{@code
 * @Override
 * protected Capabilities<Capability> capabilities() {
 *     return Capabilities.all(Capability.class)
 *             .unsupported(Capability.FENCING, "the lock on the state folder keeps a second writer out");
 * }
 * }</pre>
 *
 * @param <C> the contract's capability enum
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Capabilities<C extends Enum<C>> {
    private final Class<C> type;
    private final Map<C, String> unsupported;

    private Capabilities(Class<C> type, Map<C, String> unsupported) {
        this.type = type;
        this.unsupported = unsupported;
    }

    /** Every capability of the contract supported. */
    public static <C extends Enum<C>> Capabilities<C> all(Class<C> type) {
        return new Capabilities<>(Objects.requireNonNull(type, "type"), new EnumMap<>(type));
    }

    /**
     * The same, with one capability declared unsupported.
     *
     * @param capability the capability
     * @param reason why the adapter does not have it, for whoever reads the test report; not blank
     */
    public Capabilities<C> unsupported(C capability, String reason) {
        Objects.requireNonNull(capability, "capability");
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("an adapter that lacks " + capability + " says why");
        }
        Map<C, String> more = new EnumMap<>(type);
        more.putAll(unsupported);
        more.put(capability, reason);
        return new Capabilities<>(type, more);
    }

    /** Whether the capability is supported. */
    public boolean supports(C capability) {
        return !unsupported.containsKey(capability);
    }

    /** Why a capability is not supported, if it is not. */
    public Optional<String> whyNot(C capability) {
        return Optional.ofNullable(unsupported.get(capability));
    }

    /** The capabilities declared unsupported, with their reasons, in declaration order. */
    public Map<C, String> unsupported() {
        Map<C, String> copy = new EnumMap<>(type);
        copy.putAll(unsupported);
        return java.util.Collections.unmodifiableMap(copy);
    }

    /** Aborts the running rule, saying so, when the capability is not supported. */
    void require(String rule, C capability) {
        Assumptions.assumeTrue(supports(capability), () -> rule + " needs " + capability
                + ", which this adapter declares unsupported: " + unsupported.get(capability));
    }

    @Override
    public String toString() {
        return unsupported.isEmpty() ? "every " + type.getSimpleName() + " supported" : "unsupported: " + unsupported;
    }
}

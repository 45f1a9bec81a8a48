package dev.upshift.testkit.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.upshift.core.plan.Explanation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on an {@link Explanation}: its steps, in the order their reasons must lift. Failures
 * quote the explanation as {@code upshift explain} prints it.
 *
 * <pre>{@code
 * assertThat(fleet.explain("dev-eu-ml-1", now)).hasSteps("FROZEN", "WINDOW").stepLiftsAt("FROZEN", frozenUntil);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ExplanationAssert extends AbstractAssert<ExplanationAssert, Explanation> {

    ExplanationAssert(Explanation actual) {
        super(actual, ExplanationAssert.class);
        isNotNull();
    }

    /** Its steps have exactly these codes, in this order (the closing step included). */
    public ExplanationAssert hasSteps(String... codes) {
        List<String> found = actual.steps().stream().map(Explanation.Step::code).toList();
        if (!found.equals(List.of(codes))) {
            fail("to have the steps " + List.of(codes), "its steps are " + found);
        }
        return this;
    }

    /** It has a step of this code. */
    public ExplanationAssert hasStep(String code) {
        if (step(code).isEmpty()) {
            fail("to have a step " + code, "it has none");
        }
        return this;
    }

    /** Its step of this code lifts at {@code until}. */
    public ExplanationAssert stepLiftsAt(String code, Instant until) {
        hasStep(code);
        Optional<Instant> lifts = step(code).flatMap(Explanation.Step::until);
        if (!lifts.equals(Optional.of(until))) {
            fail("to have its " + code + " step lift at " + until, lifts.map(u -> "it lifts at " + u)
                    .orElse("no end is known"));
        }
        return this;
    }

    /** Some line of it contains {@code text}. */
    public ExplanationAssert mentions(String text) {
        if (actual.lines().stream().noneMatch(l -> l.contains(text))) {
            fail("to mention \"" + text + "\"", "it does not");
        }
        return this;
    }

    private Optional<Explanation.Step> step(String code) {
        return actual.steps().stream().filter(s -> s.code().equals(code)).findFirst();
    }

    private void fail(String expected, String found) {
        failWithMessage("Expected the explanation of %s %s, but %s:%n%s", actual.cluster(), expected, found,
                actual.lines().stream().map(l -> "  " + l).collect(Collectors.joining("\n")));
    }
}

package dev.upshift.diff.merge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.upshift.common.problem.SecretMask;
import dev.upshift.common.tree.JsonText;
import dev.upshift.diff.rule.FieldRule;
import dev.upshift.diff.rule.FieldRules;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Values that outputs for people never show: those of a {@code Secret}'s {@code data} and
 * {@code stringData} (built in, whatever the apiVersion), and of every field a rule marks
 * {@code sensitive: true}, with everything below them.
 *
 * <h2>Masks</h2>
 * In a {@link FieldChange#message()}, in {@link MergeResult#masked()} and so in the review report and
 * the unified diff, each scalar of a sensitive value is replaced by its mask,
 * {@code <secret sha256:1a2b3c4d>}: the first {@value #FINGERPRINT_HEX_DIGITS} hexadecimal digits of
 * the SHA-256 of the value's text (the UTF-8 bytes of a string as the document holds it, base64 for
 * a {@code Secret}'s {@code data}; the canonical JSON text of a number or a boolean), so that a
 * reviewer sees that a value changed, and whether two sides agree, without seeing it. Anyone can
 * check a guess with {@code printf %s 'guess' | sha256sum}: a fingerprint of a value that can be
 * guessed (a dictionary password) gives the value away to whoever tries the guesses, so it protects
 * generated secrets, not weak ones (docs/security.md). Keys, the shape of mappings and lists, and
 * nulls are kept.
 *
 * <p>The mutated documents, patches and {@code ResultJson} carry the real values: they are meant to
 * be applied. Immutable and thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SensitiveValues {
    /** How many hexadecimal digits of the SHA-256 a mask shows: 8, that is 32 bits. */
    public static final int FINGERPRINT_HEX_DIGITS = SecretMask.FINGERPRINT_HEX_DIGITS;

    /**
     * The rules every merge adds after its own: {@code data} and {@code stringData} of every
     * document of kind {@code Secret} are sensitive.
     */
    public static final FieldRules BUILT_IN = FieldRules.of(
            FieldRule.forPath("data").kind("Secret").sensitive().build(),
            FieldRule.forPath("stringData").kind("Secret").sensitive().build());

    private SensitiveValues() {}

    /** {@code sha256:1a2b3c4d}: the labelled fingerprint of a scalar value (see the class description). */
    public static String fingerprint(JsonNode value) {
        Objects.requireNonNull(value, "value");
        return SecretMask.fingerprint(value.isTextual() ? value.textValue() : JsonText.canonical(value));
    }

    /** {@code <secret sha256:1a2b3c4d>}: what outputs for people show in place of a sensitive scalar. */
    public static String mask(JsonNode value) {
        return "<secret " + fingerprint(value) + ">";
    }
}

package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What messages and outputs for people show in place of a sensitive value (a {@code Secret}'s
 * {@code data} or {@code stringData}, a field a rule marks {@code sensitive: true}):
 * {@code <secret sha256:1a2b3c4d>}, the first {@value #FINGERPRINT_HEX_DIGITS} hexadecimal digits
 * of the SHA-256 of the value's UTF-8 text. A reviewer can tell two values apart, and check a guess
 * with {@code printf %s 'guess' | sha256sum}; so can anyone else, which is why a fingerprint
 * protects generated secrets, not guessable ones (docs/security.md). The merge's masks
 * ({@code dev.upshift.diff.merge.SensitiveValues}) and the loader's messages use this one form.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SecretMask {
    /** How many hexadecimal digits of the SHA-256 a mask shows: 8, that is 32 bits. */
    public static final int FINGERPRINT_HEX_DIGITS = 8;

    private SecretMask() {}

    /** {@code sha256:1a2b3c4d}: the labelled fingerprint of a value's text. */
    public static String fingerprint(String text) {
        Objects.requireNonNull(text, "text");
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest).substring(0, FINGERPRINT_HEX_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** {@code <secret sha256:1a2b3c4d>}: the mask of a value's text. */
    public static String of(String text) {
        return "<secret " + fingerprint(text) + ">";
    }
}

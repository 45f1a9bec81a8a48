package dev.upshift.core.present;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Stable {@code UID}s: the first 128 bits of the SHA-256 of what identifies an event (its parts
 * joined by NUL), in hex, at {@code upshift.dev}. The same parts give the same UID on every machine
 * and in every export, so that a calendar client updates the event instead of adding another.
 */
final class IcsUids {
    private IcsUids() {}

    static String of(String kind, String... parts) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        sha.update(kind.getBytes(StandardCharsets.UTF_8));
        for (String p : parts) {
            sha.update((byte) 0);
            sha.update(p.getBytes(StandardCharsets.UTF_8));
        }
        byte[] digest = sha.digest();
        return kind + "-" + HexFormat.of().formatHex(digest, 0, 16) + "@upshift.dev";
    }
}

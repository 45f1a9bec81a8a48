package dev.upshift.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every message a user sees must satisfy, for the fuzz tests of every module: it names no
 * Java class (a qualified name such as {@code java.lang.String}, or a simple name ending in
 * {@code Exception} or {@code Error}) unless it only echoes the input; and a syntax error
 * ({@code dev.upshift.common.problem.SyntaxException}, taken apart so that this module depends on
 * no Upshift module) says where in its input it failed.
 */
public final class UserMessages {
    private static final Pattern JAVA_NAME = Pattern.compile(
            "\\b(?:java|javax|jdk|sun|com|org|net|io|dev)\\.[a-z0-9_]+(?:\\.[A-Za-z0-9_$]+)+"
                    + "|\\b[A-Z][A-Za-z0-9]*(?:Exception|Error)\\b");

    private UserMessages() {}

    /**
     * Fails when {@code message} names a Java class that is not made of the input's own words (a
     * field path joins the input's keys with dots, and may look like a class name).
     */
    public static void assertNamesNoJavaClass(String message, String input) {
        Matcher m = JAVA_NAME.matcher(message);
        while (m.find()) {
            String name = m.group();
            boolean echoed = input.contains(name) || Arrays.stream(name.split("\\.")).allMatch(input::contains);
            assertThat(echoed).as("message %s names a Java class: %s", message, name).isTrue();
        }
    }

    /**
     * Fails unless a syntax error's parts describe a well-formed error about {@code input}: the same
     * input, a position within it (its length when it ended early), a reason that names no Java
     * class and that the message contains.
     */
    public static void assertSyntaxError(String errorInput, int position, String reason, String message, String input) {
        assertThat(errorInput).isEqualTo(input);
        assertThat(position).as("position of %s", message).isBetween(0, input.length());
        assertThat(reason).isNotBlank();
        assertThat(message).contains(reason);
        assertNamesNoJavaClass(reason, input);
    }
}

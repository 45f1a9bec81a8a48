package dev.upshift.release;

/**
 * Reads a version text in one left-to-right pass (no regular expressions, linear time).
 *
 * <p>Lenient mode follows Masterminds/semver v3's {@code NewVersion}: an optional leading
 * {@code v}, one to three numeric parts (missing ones are 0) and leading zeros in them ignored
 * ({@code 01.02.03} is 1.2.3). Strict mode is SemVer 2.0.0 only. Both reject leading zeros in numeric
 * prerelease identifiers, empty identifiers and characters outside {@code [0-9A-Za-z-]}.
 */
final class VersionParser {
    /** Inputs longer than this are refused before any parsing. */
    static final int MAX_LENGTH = 256;

    private VersionParser() {}

    static Version parse(String text, boolean strict) {
        if (text.length() > MAX_LENGTH) {
            throw new ParseFailure(MAX_LENGTH, "it is " + text.length()
                    + " characters long; a version has at most " + MAX_LENGTH);
        }
        if (text.isEmpty()) {
            throw new ParseFailure(0, "it is empty; expected a version such as 1.2.3");
        }
        Scanner in = new Scanner(text);
        if (in.peekIs('v')) {
            if (strict) {
                throw new ParseFailure(0, "unexpected 'v' at character 1; expected a digit"
                        + " (SemVer has no 'v' prefix; Version.parse accepts one)");
            }
            in.pos++;
        }
        long[] numbers = new long[3];
        String after = numbers(in, strict, numbers);
        String[] pre = Version.NO_IDENTIFIERS;
        String[] build = Version.NO_IDENTIFIERS;
        if (in.peekIs('-')) {
            in.pos++;
            pre = in.identifiers(true);
            after = "'.', '+' or the end";
        }
        if (in.peekIs('+')) {
            in.pos++;
            build = in.identifiers(false);
            after = "'.' or the end";
        }
        if (!in.atEnd()) {
            throw in.unexpected(after);
        }
        int canonical = canonicalLength(numbers, pre, build);
        if (canonical > MAX_LENGTH) {
            // A short form (1-rc, 01.2) is written out in full by toString(), which must parse back.
            throw new ParseFailure(text.length(), "written in full (major.minor.patch, no leading zeros) it is "
                    + canonical + " characters long; a version has at most " + MAX_LENGTH);
        }
        return new Version(numbers[0], numbers[1], numbers[2], pre, build);
    }

    /** The length of {@link Version#toString()} for these parts, without building it. */
    private static int canonicalLength(long[] numbers, String[] pre, String[] build) {
        int n = digits(numbers[0]) + digits(numbers[1]) + digits(numbers[2]) + 2;
        return n + identifiersLength(pre) + identifiersLength(build);
    }

    private static int identifiersLength(String[] ids) {
        int n = 0;
        for (String id : ids) {
            n += id.length() + 1; // the id and the '-', '+' or '.' before it
        }
        return n;
    }

    private static int digits(long value) {
        int n = 1;
        for (long v = value; v >= 10; v /= 10) {
            n++;
        }
        return n;
    }

    /**
     * Reads major, then minor and patch when present (strict mode requires them) into
     * {@code numbers}; returns what may follow, for the message if something else does.
     */
    private static String numbers(Scanner in, boolean strict, long[] numbers) {
        numbers[0] = in.number("major version", !strict);
        if (!in.peekIs('.')) {
            if (strict) {
                throw in.unexpected("'.' and a minor version");
            }
            return "'.', '-', '+' or the end";
        }
        in.pos++;
        numbers[1] = in.number("minor version", !strict);
        if (!in.peekIs('.')) {
            if (strict) {
                throw in.unexpected("'.' and a patch version");
            }
            return "'.', '-', '+' or the end";
        }
        in.pos++;
        numbers[2] = in.number("patch version", !strict);
        return "'-', '+' or the end";
    }
}

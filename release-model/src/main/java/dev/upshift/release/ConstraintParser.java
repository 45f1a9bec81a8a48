package dev.upshift.release;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a constraint text into OR groups of AND-ed terms, in one left-to-right pass.
 *
 * <p>The grammar, written from Masterminds/semver v3's behaviour ({@code ws} is space, tab, CR, LF
 * or form feed):
 *
 * <pre>
 * constraint := group ( "||" group )*
 * group      := ws* term ( separator term )* ws*
 * separator  := ws+ | ws* "," ws*
 * term       := version ws+ "-" ws+ version          (hyphen range; see group() for where)
 *             | operator? ws* version
 * operator   := "=" | "!=" | "&gt;" | "&lt;" | "&gt;=" | "=&gt;" | "&lt;=" | "=&lt;" | "~" | "~&gt;" | "^"
 * version    := "v"? part ( "." part ( "." part )? )? ( "-" identifiers )? ( "+" identifiers )?
 * part       := digits | "x" | "X" | "*"
 * </pre>
 *
 * <p>Each character is looked at a bounded number of times (the hyphen look-ahead re-reads only
 * the whitespace after a version), so parsing is linear; inputs over {@link #MAX_LENGTH}
 * characters are refused unread.
 */
final class ConstraintParser {
    /** Inputs longer than this are refused before any parsing. */
    static final int MAX_LENGTH = 1024;

    private static final String AFTER_VERSION = "',', whitespace, '||' or the end";
    private static final String PART = "a number or a wildcard (x, X or *)";
    private static final String[] PART_NAMES = {"major version", "minor version", "patch version"};

    private final Scanner in;
    /** How many numeric parts the version read last had, and whether nothing followed them. */
    private int lastVersionParts;
    private boolean lastVersionEndsInNumber;

    private ConstraintParser(String text) {
        this.in = new Scanner(text);
    }

    static List<List<Term>> parse(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ParseFailure(MAX_LENGTH, "it is " + text.length()
                    + " characters long; a constraint has at most " + MAX_LENGTH);
        }
        List<List<Term>> groups = new ConstraintParser(text).constraint();
        // toString() writes terms out in full and must parse back; a term gains at most a few
        // characters ("1.2," is "1.2.x "), so only inputs over an eighth of the limit can pass it
        if (text.length() > MAX_LENGTH / 8) {
            int canonical = canonicalLength(groups);
            if (canonical > MAX_LENGTH) {
                throw new ParseFailure(text.length(), "written out in full (1.2 as 1.2.x, >=1 as >=1.0.0) it is "
                        + canonical + " characters long; a constraint has at most " + MAX_LENGTH);
            }
        }
        return groups;
    }

    /** The length of {@link VersionConstraint#toString()} for these groups. */
    private static int canonicalLength(List<List<Term>> groups) {
        int n = 4 * (groups.size() - 1); // " || "
        for (List<Term> group : groups) {
            n += group.size() - 1; // " "
            for (Term t : group) {
                n += t.toString().length();
            }
        }
        return n;
    }

    private List<List<Term>> constraint() {
        in.skipWhitespace();
        if (in.atEnd()) {
            throw new ParseFailure(0, "it is empty; expected a constraint such as \">=1.2.0 <2.0.0\"");
        }
        in.pos = 0;
        List<List<Term>> groups = new ArrayList<>(2);
        boolean rangeAllowed = true;
        while (true) {
            groups.add(group(rangeAllowed));
            if (in.atEnd()) {
                return groups;
            }
            in.pos += 2; // group() stops only at the end or at "||"
            // Right after "||" Masterminds reads the "||" into a hyphen range's first version unless
            // whitespace or a 'v' stands between them.
            rangeAllowed = Scanner.isWhitespace(in.peek()) || in.peekIs('v');
        }
    }

    /**
     * Reads terms up to the end or a {@code ||}.
     *
     * <p>Where a hyphen range may stand follows from how Masterminds rewrites {@code a - b} into
     * {@code >= a, <= b} before anything else, with a pattern that swallows the whitespace around
     * the range and treats {@code |} as part of a version: after a plain term and whitespace the
     * rewritten {@code >=} sticks to that term, and a {@code ||} touching the range is read into
     * its version. Both come out as errors or as a different constraint there; here both are errors.
     *
     * @param rangeAllowed whether the first term may be a hyphen range
     */
    private List<Term> group(boolean rangeAllowed) {
        List<Term> terms = new ArrayList<>(2);
        in.skipWhitespace();
        while (true) {
            boolean range = term(terms, rangeAllowed);
            boolean spaced = in.skipWhitespace();
            if (range && !spaced && atOr()) {
                checkRangeTouchingOr();
            }
            if (in.atEnd() || atOr()) {
                return terms;
            }
            if (in.peekIs(',')) {
                in.pos++;
                in.skipWhitespace();
                rangeAllowed = true;
            } else if (spaced) {
                rangeAllowed = range;
            } else {
                throw in.unexpected(AFTER_VERSION);
            }
        }
    }

    /**
     * {@code 1 - 2||3.4} is fine in Masterminds ({@code 2||3.4} is read as one version and split
     * again later) as long as the two versions have at most three numeric parts together, counting
     * the touching ones as one; {@code 1 - 2.0||3.4} is an error there, so it is here.
     */
    private void checkRangeTouchingOr() {
        if (!lastVersionEndsInNumber) {
            return;
        }
        int parts = lastVersionParts;
        int i = in.pos + 2;
        String s = in.input;
        while (i < s.length() && isPartChar(s.charAt(i))) {
            int partStart = i;
            while (i < s.length() && isPartChar(s.charAt(i))) {
                i++;
            }
            if (partStart > in.pos + 2 && ++parts > 3) {
                throw new ParseFailure(partStart - 1, "unexpected '.' at character " + partStart
                        + "; put whitespace between a hyphen range and '||' (Helm reads the two versions as one here)");
            }
            if (i + 1 < s.length() && s.charAt(i) == '.' && isPartChar(s.charAt(i + 1))) {
                i++;
            } else {
                break;
            }
        }
    }

    /** Reads the part at {@code index} into {@code numbers}; returns the wildcard state after it. */
    private OpenParts part(long[] numbers, int index, OpenParts open, String expected) {
        char c = in.peek();
        if (open != OpenParts.NONE) {
            // Masterminds ignores the parts after a wildcard, whatever digits and wildcards they hold.
            if (!isPartChar(c)) {
                throw in.unexpected(expected);
            }
            while (isPartChar(in.peek())) {
                in.pos++;
            }
            return open;
        }
        if (c == 'x' || c == 'X' || c == '*') {
            in.pos++;
            return index == 0 ? OpenParts.ALL : index == 1 ? OpenParts.MINOR : OpenParts.PATCH;
        }
        if (!Scanner.isDigit(c)) {
            throw in.unexpected(expected);
        }
        numbers[index] = in.number(PART_NAMES[index], true);
        return OpenParts.NONE;
    }

    private static boolean isPartChar(char c) {
        return Scanner.isDigit(c) || c == 'x' || c == 'X' || c == '*';
    }

    private boolean atOr() {
        return in.peekIs('|') && in.peekIs(1, '|');
    }

    /** Reads one term, or the two of a hyphen range, into {@code terms}; true for a hyphen range. */
    private boolean term(List<Term> terms, boolean rangeAllowed) {
        int start = in.pos;
        Operator op = operator();
        if (op != null) {
            in.skipWhitespace();
            if (op == Operator.EQ && in.peekIs('=')) {
                throw new ParseFailure(in.pos, "unexpected '=' at character " + (in.pos + 1)
                        + "; '==' is not an operator, write '=' or nothing");
            }
        }
        Term first = version(op == null ? Operator.EQ : op, op == null ? "an operator or a version" : "a version");
        int dash = hyphenAhead();
        if (dash < 0) {
            terms.add(first);
            return false;
        }
        if (op != null) {
            throw new ParseFailure(dash, "unexpected '-' at character " + (dash + 1)
                    + "; a hyphen range such as \"1.2 - 1.4.5\" joins two versions without operators");
        }
        if (!rangeAllowed) {
            boolean afterOr = start >= 2 && in.input.charAt(start - 1) == '|';
            throw new ParseFailure(dash, "unexpected '-' at character " + (dash + 1) + (afterOr
                    ? "; put whitespace between '||' and a hyphen range"
                    : "; a hyphen range must start its group or follow ',' or another hyphen range"
                            + " (Helm rejects it after a plain term and a space)"));
        }
        in.pos = dash + 1;
        if (!in.skipWhitespace()) {
            throw in.unexpected("whitespace after the '-' of a hyphen range");
        }
        terms.add(new Term(Operator.GE, first.version(), OpenParts.NONE));
        terms.add(version(Operator.LE, "the upper version of the hyphen range"));
        return true;
    }

    /** The index of the '-' of a hyphen range that follows ({@code ws+ "-" ws}), or -1. */
    private int hyphenAhead() {
        int i = in.pos;
        String s = in.input;
        while (i < s.length() && Scanner.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean found = i > in.pos && i < s.length() && s.charAt(i) == '-';
        return found ? i : -1;
    }

    private Operator operator() {
        switch (in.peek()) {
            case '=' -> {
                in.pos++;
                return take('>') ? Operator.GE : take('<') ? Operator.LE : Operator.EQ;
            }
            case '!' -> {
                in.pos++;
                if (!take('=')) {
                    throw in.unexpected("'=' (the operator is '!=')");
                }
                return Operator.NE;
            }
            case '>' -> {
                in.pos++;
                return take('=') ? Operator.GE : Operator.GT;
            }
            case '<' -> {
                in.pos++;
                return take('=') ? Operator.LE : Operator.LT;
            }
            case '~' -> {
                in.pos++;
                take('>');
                return Operator.TILDE;
            }
            case '^' -> {
                in.pos++;
                return Operator.CARET;
            }
            default -> {
                return null;
            }
        }
    }

    private boolean take(char c) {
        if (in.peekIs(c)) {
            in.pos++;
            return true;
        }
        return false;
    }

    /** Reads a version that may be short or hold wildcards, and makes it a term. */
    private Term version(Operator op, String expected) {
        if (in.peekIs('v')) {
            in.pos++;
            expected = PART;
        }
        long[] numbers = new long[3];
        OpenParts open = OpenParts.NONE;
        int given = 0;
        for (; given < 3; given++) {
            if (given > 0) {
                if (!in.peekIs('.')) {
                    break;
                }
                in.pos++;
                expected = PART;
            }
            open = part(numbers, given, open, expected);
        }
        if (open == OpenParts.NONE && given < 3) {
            open = given == 1 ? OpenParts.MINOR : OpenParts.PATCH;
        }
        String[] pre = Version.NO_IDENTIFIERS;
        String after = given < 3 ? "'.', '-', '+', " + AFTER_VERSION : "'-', '+', " + AFTER_VERSION;
        if (in.peekIs('-')) {
            in.pos++;
            pre = in.identifiers(true);
            after = "'.', '+', " + AFTER_VERSION;
        }
        boolean build = in.peekIs('+');
        if (build) {
            in.pos++;
            in.identifiers(false); // build metadata never affects matching
            after = "'.', " + AFTER_VERSION;
        }
        if (!in.atEnd() && !Scanner.isWhitespace(in.peek()) && !in.peekIs(',') && !atOr()) {
            throw in.unexpected(after);
        }
        lastVersionParts = given;
        lastVersionEndsInNumber = pre.length == 0 && !build;
        return new Term(op, new Version(numbers[0], numbers[1], numbers[2], pre, Version.NO_IDENTIFIERS), open);
    }
}

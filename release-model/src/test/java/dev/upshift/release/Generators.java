package dev.upshift.release;

import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** QuickTheories generators for versions and constraint texts. */
final class Generators {
    private static final List<String> WORDS = List.of("alpha", "beta", "rc", "a-b", "-", "0a", "x", "Z", "rc1");
    private static final List<String> SMALL_PRERELEASES = List.of("0", "alpha", "beta", "rc.1", "rc.2", "1");
    private static final List<String> OPERATORS =
            List.of("", "=", "!=", ">", "<", ">=", "=>", "<=", "=<", "~", "~>", "^");
    private static final List<String> PARTS = List.of("0", "1", "1", "2", "2", "3", "x", "X", "*");

    private Generators() {}

    /** Version numbers: mostly small, so that versions collide, sometimes anything up to the maximum. */
    static Gen<Long> numbers() {
        return Generate.frequency(
                Pair.of(12, Generate.longRange(0, 3)),
                Pair.of(2, Generate.longRange(0, 1_000_000)),
                Pair.of(1, Generate.longRange(Long.MAX_VALUE - 2, Long.MAX_VALUE)));
    }

    static Gen<String> prereleaseIdentifiers() {
        Gen<String> numeric = Generate.longRange(0, 20).mix(Generate.longRange(0, Long.MAX_VALUE), 10).map(n -> String.valueOf(n));
        Gen<String> bigNumeric = Generate.pick(List.of("18446744073709551616", "99999999999999999999999"));
        return Generate.frequency(
                Pair.of(5, Generate.pick(WORDS)), Pair.of(5, numeric), Pair.of(1, bigNumeric));
    }

    static Gen<String> buildIdentifiers() {
        return Generate.pick(List.of("b", "001", "sha-5114f85", "exp", "7", "x-y"));
    }

    private static Gen<String> dotted(Gen<String> identifiers, String prefix, int emptyWeight) {
        Gen<String> some = lists().of(identifiers).ofSizeBetween(1, 3).map(ids -> prefix + String.join(".", ids));
        return Generate.frequency(Pair.of(emptyWeight, Generate.constant("")), Pair.of(2, some));
    }

    /** Any SemVer version, often with prerelease and build metadata. */
    static Gen<Version> versions() {
        Gen<String> core = numbers().zip(numbers(), numbers(), (a, b, c) -> a + "." + b + "." + c);
        return core.zip(dotted(prereleaseIdentifiers(), "-", 3), dotted(buildIdentifiers(), "+", 5),
                (c, p, b) -> Version.parseStrict(c + p + b));
    }

    /** Versions from a small space (numbers 0 to 3, a few prereleases), where constraints often match. */
    static Gen<Version> smallVersions() {
        Gen<Long> n = Generate.longRange(0, 3);
        Gen<String> core = n.zip(n, n, (a, b, c) -> a + "." + b + "." + c);
        Gen<String> pre = Generate.frequency(
                Pair.of(3, Generate.constant("")), Pair.of(2, Generate.pick(SMALL_PRERELEASES).map(p -> "-" + p)));
        Gen<String> build = Generate.frequency(
                Pair.of(6, Generate.constant("")), Pair.of(1, Generate.constant("+b")));
        return core.zip(pre, build, (c, p, b) -> Version.parseStrict(c + p + b));
    }

    /** The version of a term: one to three parts (numbers or wildcards), maybe a prerelease and a build. */
    static Gen<String> partialVersions() {
        Gen<String> part = Generate.pick(PARTS);
        Gen<String> parts = lists().of(part).ofSizeBetween(1, 3).map(p -> String.join(".", p));
        Gen<String> pre = Generate.frequency(
                Pair.of(5, Generate.constant("")), Pair.of(1, Generate.pick(SMALL_PRERELEASES).map(p -> "-" + p)));
        Gen<String> prefix = Generate.frequency(Pair.of(9, Generate.constant("")), Pair.of(1, Generate.constant("v")));
        return prefix.zip(parts, pre, (v, p, r) -> v + p + r);
    }

    static Gen<String> terms() {
        Gen<String> space = Generate.pick(List.of("", "", " "));
        Gen<String> plain = Generate.pick(OPERATORS).zip(space, partialVersions(), (o, s, v) -> o + s + v);
        Gen<String> range = partialVersions().zip(partialVersions(), (a, b) -> a + " - " + b);
        return Generate.frequency(Pair.of(8, plain), Pair.of(1, range));
    }

    /** Valid constraint texts: one to three OR groups of one to three terms. */
    static Gen<String> constraintTexts() {
        Gen<String> group = lists().of(terms()).ofSizeBetween(1, 3).zip(integers().between(0, 1), (ts, sep) -> {
            StringBuilder s = new StringBuilder(ts.get(0));
            for (String t : ts.subList(1, ts.size())) {
                // a hyphen range may not follow a plain term and a space (Masterminds rejects it)
                s.append(sep == 0 || t.contains(" - ") ? ", " : " ").append(t);
            }
            return s.toString();
        });
        return lists().of(group).ofSizeBetween(1, 3).map(gs -> String.join(" || ", gs));
    }

    /** Short strings over the characters constraints are made of: mostly malformed. */
    static Gen<String> constraintJunk() {
        Gen<String> piece = Generate.pick(List.of("1", "2", "0", "01", ".", "x", "*", "-", "+", "v", " ", ",", "|", "||",
                ">", "<", "=", "!", "~", "^", "a", "rc", "\t", "\u0661", "99999999999999999999"));
        return lists().of(piece).ofSizeBetween(0, 12).map(p -> String.join("", p));
    }
}

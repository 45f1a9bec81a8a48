package dev.upshift.examples.cli;

/** Counts with their noun: "1 document", "2 documents". */
final class Plural {
    private Plural() {}

    /** {@code n} and the noun, with an {@code s} unless {@code n} is one. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}

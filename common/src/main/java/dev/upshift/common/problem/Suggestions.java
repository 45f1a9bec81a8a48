package dev.upshift.common.problem;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * "Did you mean" hints for misspelt names: fields, kinds, zones, enumerated words, command-line
 * options. Every Upshift message that suggests a name picks it with {@link #closest} and writes it
 * with {@link #didYouMean}, in one form ({@code "; did you mean 'a', 'b' or 'c'?"}, each name in
 * single quotes); tools that embed Upshift can use it for their own messages so that suggestions
 * read alike. Pure and thread-safe.
 */
@API(status = MAINTAINED, since = "0.1")
public final class Suggestions {
    /** The longest word that gets a suggestion; no name Upshift suggests is near this long. */
    public static final int MAX_WORD_LENGTH = 256;

    private Suggestions() {}

    /**
     * The candidate closest to {@code word} (case-insensitive {@linkplain #distance edit distance}), if it is within a third
     * of the word's length in edits (at least one); ties go to the first candidate.
     *
     * <p>The work is bounded whatever the arguments: a word longer than {@value #MAX_WORD_LENGTH}
     * characters gets no suggestion and no candidate is looked at; a candidate whose length differs
     * from the word's by more than the allowed edits cannot be within them and is not compared. So
     * each comparison costs at most about 256 × 341 steps, besides reading the candidate once.
     */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        if (word.length() > MAX_WORD_LENGTH) {
            return Optional.empty();
        }
        int allowed = Math.max(1, word.length() / 3);
        String w = word.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            String lower = c.toLowerCase(Locale.ROOT);
            if (Math.abs(lower.length() - w.length()) > allowed) {
                continue;
            }
            int d = distance(w, lower);
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return bestDistance <= allowed ? Optional.ofNullable(best) : Optional.empty();
    }

    /**
     * Up to {@code limit} candidates close to {@code word}, closest first: {@link #closest(String,
     * Collection)} asked again without the names it already gave, so ties keep the candidates' order.
     */
    public static List<String> closest(String word, Collection<String> candidates, int limit) {
        List<String> left = new ArrayList<>(candidates);
        List<String> close = new ArrayList<>();
        while (close.size() < limit) {
            Optional<String> next = closest(word, left);
            if (next.isEmpty()) {
                break;
            }
            close.add(next.get());
            left.remove(next.get());
        }
        return List.copyOf(close);
    }

    /** {@code "; did you mean 'X'?"}: the one way a message suggests a name. */
    public static String didYouMean(String suggestion) {
        return didYouMean(List.of(suggestion));
    }

    /**
     * {@code "; did you mean 'a'?"}, {@code "; did you mean 'a' or 'b'?"} or {@code "; did you mean
     * 'a', 'b' or 'c'?"}, naming the suggestions in their order; empty when there are none.
     */
    public static String didYouMean(List<String> suggestions) {
        if (suggestions.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("; did you mean ");
        for (int i = 0; i < suggestions.size(); i++) {
            if (i > 0) {
                text.append(i == suggestions.size() - 1 ? " or " : ", ");
            }
            text.append('\'').append(suggestions.get(i)).append('\'');
        }
        return text.append('?').toString();
    }

    /**
     * {@link #didYouMean(String)} the closest candidate when one is close, otherwise {@code listPrefix}
     * followed by every candidate, comma-separated.
     */
    public static String hint(String word, Collection<String> candidates, String listPrefix) {
        return closest(word, candidates).map(Suggestions::didYouMean)
                .orElse(listPrefix + String.join(", ", candidates));
    }

    /**
     * Edits from {@code a} to {@code b}: inserting, deleting or replacing a character, or swapping two
     * adjacent ones (the commonest slip: {@code --nwo} for {@code --now}), each counting one, no
     * character edited twice (the optimal string alignment distance).
     */
    static int distance(String a, String b) {
        int[] before = new int[b.length() + 1];
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    cur[j] = Math.min(cur[j], before[j - 2] + 1);
                }
            }
            int[] t = before;
            before = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}

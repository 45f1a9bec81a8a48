package dev.upshift.core.journal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.common.source.Utf8Errors;
import dev.upshift.release.Version;
import dev.upshift.release.VersionFormatException;
import dev.upshift.spi.HistoryEntry;
import dev.upshift.spi.Reason;
import dev.upshift.spi.UpgradeState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the journal's lines back (docs/journal.md): the header, and entries of version 1 or 2.
 * Fields a version does not know are skipped (later writers only ever add fields); a missing or
 * malformed field is an {@link InputException} naming the file, line, column and field. Versions,
 * names and hops that repeat are shared between entries, so that a large journal costs less memory.
 */
final class EntryReader {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final Map<String, UpgradeState> STATES = UpgradeState.words();
    private static final Map<String, HistoryEntry.Step> STEPS = HistoryEntry.Step.words();

    /** What a header says. */
    record Header(int version, int migratedFrom) {}

    private final String source;
    private final int version;
    private final Map<String, Version> versions = new HashMap<>();
    private final Map<String, String> names = new HashMap<>();
    private final Map<HistoryEntry.Hop, HistoryEntry.Hop> hops = new HashMap<>();
    private final Map<List<String>, List<String>> hookLists = new HashMap<>();

    /** A reader of the entries of a journal of {@code version}, naming it {@code source} in problems. */
    EntryReader(String source, int version) {
        this.source = source;
        this.version = version;
    }

    /**
     * Reads a header line.
     *
     * @throws InputException when the line is not the header of an Upshift journal
     */
    static Header header(String source, byte[] bytes, int offset, int length) {
        String expected = "its first line should be {\"format\":\"" + EntryLines.FORMAT + "\",\"version\":N}";
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            Cursor c = new Cursor(source, 1, p);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw c.problem("", "not an Upshift history journal: " + expected);
            }
            String format = null;
            int version = 0;
            int migratedFrom = 0;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "format" -> format = c.text(name);
                    case "version" -> version = (int) c.number(name, 1, Integer.MAX_VALUE);
                    case "migratedFrom" -> migratedFrom = (int) c.number(name, 1, Integer.MAX_VALUE);
                    default -> p.skipChildren();
                }
            }
            if (!EntryLines.FORMAT.equals(format) || version == 0) {
                throw c.problem("", "not an Upshift history journal: " + expected);
            }
            return new Header(version, migratedFrom);
        } catch (JsonProcessingException e) {
            throw Cursor.notJson(source, 1, e, bytes, offset, length, " (" + expected + ")");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads one entry line (without its newline).
     *
     * @throws InputException naming the line, column and field when it is not an entry of this version
     */
    HistoryEntry entry(byte[] bytes, int offset, int length, int line) {
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            Cursor c = new Cursor(source, line, p);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw c.problem("", "expected a journal entry, a JSON object on one line");
            }
            Parts parts = new Parts();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (!field(name, c, parts)) {
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw c.problem("", "expected the line to end after the entry's closing brace");
            }
            return parts.entry(c, version);
        } catch (JsonProcessingException e) {
            throw Cursor.notJson(source, line, e, bytes, offset, length, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a field this version knows into {@code parts}; false for one it does not know. */
    private boolean field(String name, Cursor c, Parts parts) throws IOException {
        switch (name) {
            case "at" -> parts.at = c.instant(name);
            case "cluster" -> parts.cluster = shared(c.text(name));
            case "upgradeId" -> parts.upgradeId = c.text(name);
            case "intent" -> parts.intent = Optional.ofNullable(c.textOrNull(name)).map(this::shared);
            case "from" -> parts.from = version(c, name);
            case "to" -> parts.to = version(c, name);
            case "state" -> parts.state = c.word(name, STATES);
            case "message" -> parts.message = c.text(name);
            case "reasons" -> parts.reasons = c.reasons(name);
            default -> {
                return version >= 2 && fieldOfVersion2(name, c, parts);
            }
        }
        return true;
    }

    private boolean fieldOfVersion2(String name, Cursor c, Parts parts) throws IOException {
        switch (name) {
            case "step" -> parts.step = c.word(name, STEPS);
            case "hop" -> parts.hop = hop(c, name);
            case "attempt" -> parts.attempt = (int) c.number(name, 1, Integer.MAX_VALUE);
            case "owedHooks" -> parts.owedHooks = hookLists.computeIfAbsent(c.texts(name), l -> l);
            case "epoch" -> parts.epoch = c.number(name, 0, Long.MAX_VALUE);
            default -> {
                return false;
            }
        }
        return true;
    }

    private HistoryEntry.Hop hop(Cursor c, String name) throws IOException {
        JsonParser p = c.parser;
        c.expect(name, JsonToken.START_OBJECT, "an object {\"number\": N, \"count\": N, \"target\": VERSION}");
        int number = 0;
        int count = 0;
        Version target = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String part = p.currentName();
            p.nextToken();
            switch (part) {
                case "number" -> number = (int) c.number(name + ".number", 1, Integer.MAX_VALUE);
                case "count" -> count = (int) c.number(name + ".count", 1, Integer.MAX_VALUE);
                case "target" -> target = version(c, name + ".target");
                default -> p.skipChildren();
            }
        }
        if (number == 0 || count == 0 || target == null) {
            throw c.problem(name, "expected number, count and target");
        }
        if (count < number) {
            throw c.problem(name, "hop " + number + " of " + count + ": a hop is numbered 1 to its path's length");
        }
        HistoryEntry.Hop hop = new HistoryEntry.Hop(number, count, target);
        return hops.computeIfAbsent(hop, h -> h);
    }

    private Version version(Cursor c, String name) throws IOException {
        String text = c.text(name);
        Version known = versions.get(text);
        if (known != null) {
            return known;
        }
        try {
            Version v = Version.parseStrict(text);
            versions.put(text, v);
            return v;
        } catch (VersionFormatException e) {
            throw c.problem(name, "expected a SemVer 2.0.0 version such as 20.1.0, got \"" + text + "\"");
        }
    }

    private String shared(String text) {
        return names.computeIfAbsent(text, t -> t);
    }

    /** The fields of one entry as they are read; null until read. */
    private static final class Parts {
        Instant at;
        String cluster;
        String upgradeId;
        Optional<String> intent;
        Version from;
        Version to;
        UpgradeState state;
        String message;
        List<Reason> reasons;
        HistoryEntry.Step step;
        HistoryEntry.Hop hop;
        int attempt;
        List<String> owedHooks;
        long epoch = -1;

        HistoryEntry entry(Cursor c, int version) {
            missing(c, "at", at, "cluster", cluster, "upgradeId", upgradeId, "intent", intent, "from", from, "to", to,
                    "state", state, "message", message, "reasons", reasons);
            try {
                if (version == 1) {
                    return new HistoryEntry(at, cluster, upgradeId, from, to, intent, state, message, reasons);
                }
                missing(c, "step", step, "hop", hop, "attempt", attempt == 0 ? null : attempt, "owedHooks", owedHooks,
                        "epoch", epoch < 0 ? null : epoch);
                return new HistoryEntry(at, cluster, upgradeId, from, to, intent, state, message, reasons, step, hop,
                        attempt, owedHooks, epoch);
            } catch (IllegalArgumentException e) {
                throw new InputException(Problem.error(new SourceLocation(c.source, c.line, 0), "", e.getMessage()));
            }
        }

        private static void missing(Cursor c, Object... namesAndValues) {
            for (int i = 0; i < namesAndValues.length; i += 2) {
                if (namesAndValues[i + 1] == null) {
                    String name = (String) namesAndValues[i];
                    throw new InputException(Problem.error(new SourceLocation(c.source, c.line, 0), name,
                            "missing: every entry has it (docs/journal.md)"));
                }
            }
        }
    }

    /** A parser over one line, and the problems it reports at its current token. */
    private static final class Cursor {
        final String source;
        final int line;
        final JsonParser parser;

        Cursor(String source, int line, JsonParser parser) {
            this.source = source;
            this.line = line;
            this.parser = parser;
        }

        /**
         * A line the parser refused. Bytes that are not UTF-8 are named as they are in the file: the
         * parser's own wording shows them as a character or a sign-extended number.
         */
        static InputException notJson(String source, int line, JsonProcessingException e, byte[] bytes, int offset,
                int length, String more) {
            Optional<Utf8Errors.Malformed> malformed = Utf8Errors.find(bytes, offset, length);
            if (malformed.isPresent()) {
                return new InputException(Problem.error(new SourceLocation(source, line, malformed.get().column()), "",
                        "not a JSON line: " + malformed.get().message() + more));
            }
            int column = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getColumnNr());
            String what = e.getOriginalMessage().lines().findFirst().orElse("").strip();
            return new InputException(Problem.error(new SourceLocation(source, line, column), "",
                    "not a JSON line: " + what + more));
        }

        InputException problem(String field, String message) {
            int column = Math.max(0, parser.currentTokenLocation().getColumnNr());
            return new InputException(Problem.error(new SourceLocation(source, line, column), field, message));
        }

        void expect(String field, JsonToken token, String what) {
            if (parser.currentToken() != token) {
                throw problem(field, "expected " + what + ", got " + describe());
            }
        }

        String text(String field) throws IOException {
            expect(field, JsonToken.VALUE_STRING, "a string");
            return parser.getText();
        }

        String textOrNull(String field) throws IOException {
            return parser.currentToken() == JsonToken.VALUE_NULL ? null : text(field);
        }

        long number(String field, long min, long max) throws IOException {
            String what = "a whole number from " + min + " to " + max;
            expect(field, JsonToken.VALUE_NUMBER_INT, what);
            if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                throw problem(field, "expected " + what + ", got " + parser.getText());
            }
            long n = parser.getLongValue();
            if (n < min || n > max) {
                throw problem(field, "expected " + what + ", got " + n);
            }
            return n;
        }

        Instant instant(String field) throws IOException {
            String text = text(field);
            try {
                Instant at = Instant.parse(text);
                if (EntryLines.fitsRfc3339(at)) {
                    return at;
                }
            } catch (DateTimeParseException e) {
                // said below
            }
            throw problem(field, "expected an RFC 3339 instant such as 2026-03-10T07:00:00Z, got \"" + text + "\"");
        }

        <T> T word(String field, Map<String, T> words) throws IOException {
            String text = text(field);
            T known = words.get(text);
            if (known == null) {
                throw problem(field, "expected one of " + String.join(", ", words.keySet()) + ", got \"" + text + "\"");
            }
            return known;
        }

        List<String> texts(String field) throws IOException {
            expect(field, JsonToken.START_ARRAY, "a list of strings");
            List<String> out = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                out.add(text(field + "[" + out.size() + "]"));
            }
            return out;
        }

        List<Reason> reasons(String field) throws IOException {
            expect(field, JsonToken.START_ARRAY, "a list of reasons");
            List<Reason> out = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                String at = field + "[" + out.size() + "]";
                expect(at, JsonToken.START_OBJECT, "a reason {\"code\": ..., \"message\": ...}");
                String code = null;
                String message = null;
                Optional<Instant> until = Optional.empty();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    switch (name) {
                        case "code" -> code = text(at + ".code");
                        case "message" -> message = text(at + ".message");
                        case "until" -> until = Optional.of(instant(at + ".until"));
                        default -> parser.skipChildren();
                    }
                }
                if (code == null || message == null) {
                    throw problem(at, "a reason has a code and a message");
                }
                try {
                    out.add(new Reason(code, message, until));
                } catch (IllegalArgumentException e) {
                    throw problem(at, e.getMessage());
                }
            }
            return out;
        }

        private String describe() {
            JsonToken t = parser.currentToken();
            if (t == null) {
                return "nothing";
            }
            return switch (t) {
                case START_OBJECT -> "an object";
                case START_ARRAY -> "a list";
                case VALUE_STRING -> "a string";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                case VALUE_TRUE, VALUE_FALSE -> "true or false";
                case VALUE_NULL -> "null";
                default -> "something else";
            };
        }
    }
}

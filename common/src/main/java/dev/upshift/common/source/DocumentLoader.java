package dev.upshift.common.source;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.problem.SourceLocation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Loads YAML or JSON documents into trees that remember where each value stood.
 *
 * <p>The loader is the one gate every Upshift input passes. It parses with SnakeYAML 2 under
 * Jackson's streaming parser (never constructing Java objects from tags), and it:
 * <ul>
 *   <li>reads several documents from one source (separated by {@code ---} in YAML);
 *   <li>rejects a duplicate key in a mapping instead of letting the last one win;
 *   <li>resolves YAML anchors and aliases to copies of the anchored value, counting every copied
 *       value against {@link LoadLimits#maxNodes()}, its text against
 *       {@link LoadLimits#maxExpandedBytes()} and its nesting against {@link LoadLimits#maxDepth()}
 *       (an alias bomb fails fast), and rejects merge keys ({@code <<}) and aliases to an anchor
 *       that is not yet complete;
 *   <li>reads plain scalars the way Kubernetes does (YAML 1.1, as {@code sigs.k8s.io/yaml}):
 *       {@code yes}, {@code no}, {@code on}, {@code off} and {@code true}/{@code false} in any case
 *       are booleans, {@code 0755} is the octal 493, {@code 0x1F} is 31; keys are always strings
 *       ({@code on:} is the key "on"), a decimal such as {@code 1.20} keeps its written digits,
 *       dates and times stay text, and an empty value ({@code annotations:} with nothing after
 *       it, or {@code -} alone in a list) is null while a quoted {@code ''} is the empty string.
 *       Readers of typed fields reject a boolean where text is expected with a hint to quote it,
 *       so these rules never change a value silently;
 *   <li>rejects what JSON cannot hold, at the value's field: {@code !!binary}, {@code .inf} and
 *       {@code .nan}, keys that are lists or mappings, numbers longer than 1,000 characters;
 *   <li>enforces {@link LoadLimits}: size, nesting depth, number of values and of documents,
 *       expanded text; its peak heap stays within a bound of the input's size (docs/security.md);
 *   <li>reports every problem as {@code file:line:col: field: message} in the input's terms,
 *       never a parser's class names, all of them where parsing can go on (up to the caps of
 *       {@link Problems}), and otherwise the first syntax error.
 * </ul>
 * Empty documents (a stray {@code ---}) are skipped. A document whose root is not a mapping is an
 * error. The loader reads only the stream it is handed; it never opens files itself.
 *
 * <p>Instances are immutable and thread-safe.
 */
@API(status = MAINTAINED, since = "0.1")
public final class DocumentLoader {
    private final LoadLimits limits;
    private final AnchorAwareYamlFactory yaml;
    private final JsonFactory json;

    private DocumentLoader(LoadLimits limits) {
        this.limits = limits;
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxDepth() + 1)
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, limits.maxBytes()))
                .maxDocumentLength(limits.maxBytes())
                .maxNumberLength(Scalars.MAX_NUMBER_LENGTH)
                .build();
        LoaderOptions options = new LoaderOptions();
        // duplicates are detected while building the tree, so that every one is reported
        options.setAllowDuplicateKeys(true);
        options.setCodePointLimit((int) limits.maxBytes());
        options.setNestingDepthLimit(limits.maxDepth() + 1);
        options.setMaxAliasesForCollections(Integer.MAX_VALUE);
        this.yaml = new AnchorAwareYamlFactory(YAMLFactory.builder()
                .loaderOptions(options)
                .streamReadConstraints(constraints)
                .disable(YAMLParser.Feature.PARSE_BOOLEAN_LIKE_WORDS_AS_STRINGS)
                .disable(YAMLParser.Feature.EMPTY_STRING_AS_NULL));
        this.json = JsonFactory.builder().streamReadConstraints(constraints).build();
    }

    /** A loader with the default {@link LoadLimits}. */
    public static DocumentLoader create() {
        return new DocumentLoader(LoadLimits.defaults());
    }

    /** A loader with the given limits. */
    public static DocumentLoader withLimits(LoadLimits limits) {
        return new DocumentLoader(Objects.requireNonNull(limits, "limits"));
    }

    /** The limits this loader enforces. */
    public LoadLimits limits() {
        return limits;
    }

    /**
     * Loads every document of a source's text. The source's name decides the syntax: a name ending
     * in {@code .json} is parsed as JSON, anything else as YAML (of which JSON is a subset). A
     * leading byte order mark is ignored in both. The text's size counts in UTF-8 bytes, as it
     * would in a file.
     *
     * @param source the name used in every problem (usually a file path)
     * @param text the content
     * @return the documents, in order
     * @throws InputException with every problem found
     */
    public List<SourceDocument> load(String source, String text) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        if (text.length() > limits.maxBytes() || TreeBuilder.utf8Length(text) > limits.maxBytes()) {
            throw tooLarge(source);
        }
        return parse(source, text);
    }

    /**
     * Loads every document of a UTF-8 stream, reading at most {@link LoadLimits#maxBytes()} + 1
     * bytes of it. The caller owns (and closes) the stream.
     *
     * @throws InputException with every problem found, including a stream that is too large or
     *     not valid UTF-8
     * @throws UncheckedIOException when reading the stream fails
     */
    public List<SourceDocument> load(String source, InputStream in) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(in, "in");
        return parse(source, decode(source, readBounded(source, in)));
    }

    private byte[] readBounded(String source, InputStream in) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > limits.maxBytes()) {
                    throw tooLarge(source);
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
        }
    }

    private static String decode(String source, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new InputException(Problem.error(Utf8Errors.locate(source, bytes, in.position()), "",
                    Utf8Errors.describe(bytes, in.position(), result.length()) + "; save the file as UTF-8"));
        }
        return out.flip().toString();
    }

    private InputException tooLarge(String source) {
        return new InputException(Problem.error(SourceLocation.of(source), "",
                "input is larger than the limit of " + humanBytes(limits.maxBytes())));
    }

    private List<SourceDocument> parse(String source, String text) {
        Problems problems = new Problems();
        boolean isJson = source.toLowerCase(Locale.ROOT).endsWith(".json");
        String content = isJson && text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (JsonParser parser = isJson ? json.createParser(content) : yaml.createParser(new StringReader(content))) {
            List<SourceDocument> documents = new TreeBuilder(source, parser, limits, problems).documents();
            problems.throwIfErrors();
            return documents;
        } catch (IOException e) {
            // parsers over a string fail only on their input, which TreeBuilder reports; closing cannot fail
            throw new UncheckedIOException(e);
        }
    }

    static String humanBytes(long bytes) {
        if (bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        if (bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " bytes";
    }
}

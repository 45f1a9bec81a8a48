package dev.upshift.common.source;

import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.Reader;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.ParserImpl;

/**
 * A YAML factory whose parsers tell the anchor of every node and whether a scalar was quoted.
 * Jackson's own {@code getCurrentAnchor()} reports anchors on mappings and lists but not on scalar
 * values, which would leave an alias to an anchored scalar unresolvable. Its parsers read
 * characters through a {@link LinearStreamReader}, so that one long line costs linear work.
 */
final class AnchorAwareYamlFactory extends YAMLFactory {
    private static final long serialVersionUID = 1L;

    AnchorAwareYamlFactory(YAMLFactoryBuilder builder) {
        super(builder);
    }

    @Override
    protected YAMLParser _createParser(Reader r, IOContext ctxt) {
        return new Parser(ctxt, _parserFeatures, _yamlParserFeatures, _loaderOptions, _objectCodec, r);
    }

    static final class Parser extends YAMLParser {
        Parser(IOContext ctxt, int features, int yamlFeatures, LoaderOptions options, ObjectCodec codec, Reader r) {
            // as Jackson's own constructor does, with a reader whose work is linear in the longest token
            super(ctxt, features, yamlFeatures, codec, r, new ParserImpl(new LinearStreamReader(_constrainedReader(ctxt, r)),
                    options == null ? new LoaderOptions() : options));
        }

        /** Whether the current token comes from a plain (unquoted) scalar, such as a key written {@code <<}. */
        boolean isPlainScalar() {
            return _lastEvent instanceof ScalarEvent scalar && scalar.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN;
        }

        /** The anchor on the node that produced the current token, or null. */
        String anchor() {
            return _lastEvent instanceof NodeEvent node ? node.getAnchor() : null;
        }
    }
}

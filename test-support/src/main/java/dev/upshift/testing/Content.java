package dev.upshift.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Kubernetes' content equality written for the tests, independently of the code under test: a
 * value becomes plain Java maps, lists and numbers through Jackson, members holding null are
 * dropped, numbers become exact decimals without trailing zeros, and a plain Jackson mapper writes
 * the result with keys sorted. Two values have the same content exactly when their texts are equal,
 * and a failing comparison shows both texts.
 */
public final class Content {
    private static final ObjectMapper READER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .build();
    private static final ObjectMapper WRITER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private Content() {}

    /** The canonical text of a value; Java {@code null} and JSON {@code null} give {@code "null"}. */
    public static String of(JsonNode node) {
        return text(node, true);
    }

    /**
     * The same with members holding null kept: the text RFC 6902's {@code test} equality compares
     * (numbers by value, everything else exactly).
     */
    public static String numbersByValue(JsonNode node) {
        return text(node, false);
    }

    private static String text(JsonNode node, boolean dropNulls) {
        try {
            return WRITER.writeValueAsString(plain(node == null ? null : READER.convertValue(node, Object.class), dropNulls));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Object plain(Object value, boolean dropNulls) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new TreeMap<>();
            map.forEach((k, v) -> {
                if (v != null || !dropNulls) {
                    out.put((String) k, plain(v, dropNulls));
                }
            });
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(item -> out.add(plain(item, dropNulls)));
            return out;
        }
        if (value instanceof Number n) {
            return new BigDecimal(n.toString()).stripTrailingZeros();
        }
        return value;
    }
}

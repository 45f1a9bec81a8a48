package dev.upshift.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A webhook receiver on loopback that misbehaves at random, from a seed: it answers 500, answers
 * only after the sender gave up (having kept the event: the sender's retry is a duplicate), or
 * drops the connection without an answer; otherwise it keeps the event and answers 204. It keeps
 * every body it received, by the event's id ({@code id} of its JSON: a CloudEvent's). For the tests of
 * events sent out (upshift-observe's EventsOut, {@code upshift run --webhook}). {@link #close()} stops
 * it and its threads.
 */
public final class FlakyReceiver implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService threads;
    private final Random random;
    private final double flakiness;
    private final Duration late;
    private final Map<String, List<String>> received = new LinkedHashMap<>();
    private int refused;
    private int dropped;
    private int answeredLate;
    private volatile boolean refuseAll;

    private FlakyReceiver(long seed, double flakiness, Duration late) throws IOException {
        this.random = new Random(seed);
        this.flakiness = flakiness;
        this.late = late;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        this.threads = Executors.newFixedThreadPool(4);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Misbehaves in {@code flakiness} of requests, a third each way; a late answer comes after {@code late}. */
    public static FlakyReceiver start(long seed, double flakiness, Duration late) throws IOException {
        return new FlakyReceiver(seed, flakiness, late);
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/events";
    }

    /** From now on, answers 500 to everything (or stops doing so). */
    public void refuseAll(boolean refuse) {
        this.refuseAll = refuse;
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        double draw;
        synchronized (this) {
            draw = random.nextDouble();
        }
        if (refuseAll || draw < flakiness / 3) {
            synchronized (this) {
                refused++;
            }
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
            return;
        }
        if (draw < 2 * flakiness / 3) {
            synchronized (this) {
                dropped++;
            }
            exchange.getResponseBody().close(); // nothing answered: the connection is closed under the sender
            return;
        }
        keep(body);
        if (draw < flakiness) {
            synchronized (this) {
                answeredLate++;
            }
            try {
                TimeUnit.MILLISECONDS.sleep(late.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    }

    private void keep(byte[] body) throws IOException {
        String text = new String(body, StandardCharsets.UTF_8);
        String id = JSON.readTree(text).path("id").asText();
        synchronized (this) {
            received.computeIfAbsent(id, k -> new ArrayList<>()).add(text);
        }
    }

    public synchronized Map<String, List<String>> received() {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        received.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return copy;
    }

    public synchronized int refused() {
        return refused;
    }

    public synchronized int dropped() {
        return dropped;
    }

    public synchronized int answeredLate() {
        return answeredLate;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}

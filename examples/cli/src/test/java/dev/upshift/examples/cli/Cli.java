package dev.upshift.examples.cli;

import dev.upshift.core.plan.Planner;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and captures what it printed. */
record Cli(int exitCode, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    /** Runs the CLI with a planner of its own (a renderer), as a tool embedding it does. */
    static Cli withPlanner(Planner planner, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, planner, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    /** Runs the CLI with {@code stdin} as its standard input. */
    static Cli withInput(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new java.io.ByteArrayInputStream(stdin.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }
}

package dev.upshift.examples.cli;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.UpshiftException;
import dev.upshift.core.plan.Planner;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code upshift} command line. Exit codes: 0 success, 1 a problem in the inputs or a blocked
 * result the user asked about, 2 wrong usage.
 */
@Command(
        name = "upshift",
        // every command answers --help, -h, --version and -V, whatever else its command line lacks
        scope = CommandLine.ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        synopsisSubcommandLabel = "COMMAND",
        description = "Plans and drives Kubernetes workload-cluster upgrades across a fleet.",
        subcommands = {
            DemoCommand.class,
            PlanCommand.class,
            ExplainCommand.class,
            SimulateCommand.class,
            DiffCommand.class,
            ValidateCommand.class,
            PathCommand.class,
            WindowsCommand.class,
            ApplyCommand.class,
            RunCommand.class,
            HistoryCommand.class,
            SteeringCommands.Approve.class,
            SteeringCommands.Pause.class,
            SteeringCommands.Resume.class,
            SteeringCommands.Cancel.class,
            SteeringCommands.Retry.class,
            SteeringCommands.Skip.class,
            CleanupCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {
    /** Success. */
    public static final int OK = 0;
    /** A problem in the inputs, or a blocked result the user asked about. */
    public static final int PROBLEM = 1;
    /** Wrong usage. */
    public static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InputStream in;
    private final Planner planner;

    private Main(InputStream in, Planner planner) {
        this.in = in;
        this.planner = planner;
    }

    /** Standard input, for the commands that read documents from {@code -}. */
    InputStream in() {
        return in;
    }

    /** The planner the fleet commands plan and compute clusters' changes with. */
    Planner planner() {
        return planner;
    }

    /** {@code upshift} alone lists the commands, one line each. */
    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the CLI and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(execute(args, terminal(System.out), terminal(System.err)));
    }

    /**
     * A writer onto one of the process's standard streams, in UTF-8 on every machine, that escapes
     * control characters other than line ends and tabs.
     */
    static PrintWriter terminal(java.io.PrintStream stream) {
        return new PrintWriter(new TerminalWriter(new java.io.OutputStreamWriter(stream,
                java.nio.charset.StandardCharsets.UTF_8)), true);
    }

    /** Runs the CLI with the given streams and returns the exit code (for tests and embedding). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, System.in, out, err);
    }

    /**
     * Runs the CLI with the given streams, {@code in} standing for standard input (what {@code -}
     * reads), and returns the exit code.
     */
    public static int execute(String[] args, InputStream in, PrintWriter out, PrintWriter err) {
        return execute(args, Planner.standard(), in, out, err);
    }

    /**
     * Runs the CLI with a planner of one's own in place of {@link Planner#standard()} (a
     * {@code Renderer}, a skew policy): what a tool that embeds the CLI does. {@code plan},
     * {@code explain}, {@code simulate} and {@code diff --fleet} plan and compute changes with it, so
     * that the change {@code diff --fleet} shows is the one the plan judges; {@code demo} keeps the
     * standard planner for its embedded fleet.
     */
    public static int execute(String[] args, Planner planner, InputStream in, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main(in, Objects.requireNonNull(planner, "planner")));
        // set here, not in @Command, so that the subcommands do not inherit it
        cli.getCommandSpec().usageMessage().footer("", "Run 'upshift COMMAND --help' for a command's options."
                + " Exit codes: 0 success, 1 a problem in the inputs or a blocked result, 2 wrong usage.");
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? USAGE : PROBLEM);
        cli.setParameterExceptionHandler((ex, a) -> {
            List<String> unknown = UnknownArguments.describe(cli, a);
            unknown.forEach(line -> err.println("upshift: " + line));
            if (unknown.isEmpty() || !(ex instanceof CommandLine.UnmatchedArgumentException)) {
                err.println("upshift: " + ex.getMessage());
            }
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            err.flush();
            return USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            report(ex, err);
            return PROBLEM;
        });
        // picocli answers the main help for "pause --help", a command it does not know: say so instead
        if (args.length > 0 && !args[0].startsWith("-") && !cli.getSubcommands().containsKey(args[0])) {
            UnknownArguments.describe(cli, args).forEach(line -> err.println("upshift: " + line));
            err.println("Try 'upshift --help'.");
            err.flush();
            return USAGE;
        }
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    static void report(Exception ex, PrintWriter err) {
        if (ex instanceof InputException input) {
            for (Problem p : input.problems().stream().sorted().toList()) {
                err.println(p);
            }
        } else if (ex instanceof UpshiftException) {
            err.println("upshift: " + ex.getMessage());
        } else if (ex instanceof java.io.UncheckedIOException || ex instanceof java.io.IOException) {
            err.println("upshift: " + ex.getMessage());
        } else {
            // a bug, not a problem in the inputs: say so without showing Java's names for it
            String detail = ex.getMessage() == null ? "" : ": " + ex.getMessage();
            err.println("upshift: internal error" + detail);
            if (System.getenv("UPSHIFT_DEBUG") != null) {
                ex.printStackTrace(err);
            } else {
                err.println("(set UPSHIFT_DEBUG=1 to see where)");
            }
        }
        err.flush();
    }
}

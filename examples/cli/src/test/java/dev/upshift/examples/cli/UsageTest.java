package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The first minutes with the CLI: help on every command, mistakes named first with a suggestion. */
class UsageTest {

    /** Each command, a mistyped option of it and the option meant, and a mistyped name of it. */
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of("demo", "--nwo", "--now", "dmo"),
                Arguments.of("plan", "--flet", "--fleet", "pln"),
                Arguments.of("explain", "--clustr", "--cluster", "explian"),
                Arguments.of("diff", "--curent", "--current", "dif"),
                Arguments.of("validate", "--versoin", "--version", "valdate"),
                Arguments.of("path", "--catalg", "--catalog", "pth"),
                Arguments.of("windows", "--schedul", "--schedule", "windos"),
                Arguments.of("simulate", "--failure-rat", "--failure-rate", "simulat"),
                Arguments.of("history", "--clustr", "--cluster", "histroy"),
                Arguments.of("cleanup", "--stat", "--state", "clenup"));
    }

    @ParameterizedTest(name = "upshift {0} --help and -h")
    @MethodSource("commands")
    @DisplayName("every command answers --help and -h with its usage and exit 0, whatever else is missing")
    void everyCommandAnswersHelp(String command, String typo, String meant, String mistypedCommand) {
        for (String help : List.of("--help", "-h")) {
            Cli r = Cli.run(command, help);
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.err()).isEmpty();
            assertThat(r.out()).contains("Usage: upshift " + command + " ").contains("-h, --help");
        }
    }

    @ParameterizedTest(name = "upshift {0} {1}")
    @MethodSource("commands")
    @DisplayName("an unknown option is named first, with the closest known one")
    void anUnknownOptionComesFirstWithASuggestion(String command, String typo, String meant, String mistypedCommand) {
        Cli r = Cli.run(command, typo, "x");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        List<String> lines = r.err().lines().toList();
        assertThat(lines.get(0)).isEqualTo("upshift: unknown option '" + typo + "'; did you mean '" + meant + "'?");
        assertThat(lines).last().isEqualTo("Try 'upshift " + command + " --help'.");
        assertThat(r.err()).doesNotContain("'x'");
    }

    @ParameterizedTest(name = "upshift {3}")
    @MethodSource("commands")
    @DisplayName("an unknown command is named, with the closest known one")
    void anUnknownCommandComesWithASuggestion(String command, String typo, String meant, String mistypedCommand) {
        Cli r = Cli.run(mistypedCommand, "--from", "1.0.0");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err().lines()).containsExactly(
                "upshift: unknown command '" + mistypedCommand + "'; did you mean '" + command + "'?",
                "Try 'upshift --help'.");
    }

    @Test
    void aCommandNothingResemblesGetsTheListOfCommands() {
        assertThat(Cli.run("frobnicate").err().lines()).first()
                .isEqualTo("upshift: unknown command 'frobnicate'; the commands are: demo, plan, explain, simulate, diff, validate, path,"
                        + " windows, apply, run, history, approve, pause, resume, cancel, retry, skip, cleanup, help");
    }

    @Test
    @DisplayName("a missing required option still reads as such, after the unknown one that was meant for it")
    void aMistypedRequiredOptionIsNamedBeforeTheMissingOne() {
        Cli r = Cli.run("path", "--catalg", "releases", "--from", "1.0.0", "--to", "2.0.0");
        assertThat(r.err().lines()).containsExactly(
                "upshift: unknown option '--catalg'; did you mean '--catalog'?",
                "upshift: Missing required option: '--catalog=DIR'",
                "Try 'upshift path --help'.");
    }

    @Test
    void optionsWithAnEqualsSignAreReadAsOneArgument() {
        Cli r = Cli.run("path", "--catalog=releases", "--ouput=json", "--from", "1.0.0", "--to", "2.0.0");
        assertThat(r.err().lines()).containsExactly(
                "upshift: unknown option '--ouput'; did you mean '--output'?", "Try 'upshift path --help'.");
    }

    @Test
    @DisplayName("upshift alone lists the commands, one line each")
    void noArgumentsListsTheCommandsOneLineEach() {
        Cli r = Cli.run();
        assertThat(r.exitCode()).isZero();
        List<String> lines = r.out().lines().toList();
        List<String> commands = lines.subList(lines.indexOf("Commands:") + 1, lines.size()).stream()
                .takeWhile(l -> !l.isBlank()).toList();
        assertThat(commands).extracting(l -> l.trim().split(" ")[0])
                .containsExactly("demo", "plan", "explain", "simulate", "diff", "validate", "path", "windows", "apply",
                        "run", "history", "approve", "pause", "resume", "cancel", "retry", "skip", "cleanup", "help");
        assertThat(commands).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    }

    @Test
    @DisplayName("-V prints the version the build wrote, on every command")
    void versionComesFromTheBuild() {
        String expected = "upshift " + System.getProperty("upshift.version") + "\n";
        assertThat(System.getProperty("upshift.version")).isNotBlank();
        assertThat(Cli.run("-V").out()).isEqualTo(expected);
        assertThat(Cli.run("--version").out()).isEqualTo(expected);
        assertThat(Cli.run("path", "-V").out()).isEqualTo(expected);
    }
}

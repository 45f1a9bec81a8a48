package dev.upshift.examples.cli;

import dev.upshift.common.problem.Suggestions;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Finds the options and commands on a command line that the CLI does not know, so that wrong usage
 * names them first, with the closest known name: picocli reports a mistyped required option as
 * missing ({@code --catalg} as "Missing required option '--catalog'"), and a mistyped command as an
 * unmatched argument.
 */
final class UnknownArguments {
    /** Options that name a folder or file elsewhere, given to a command that takes its path as an argument. */
    private static final List<String> PATH_OPTIONS = List.of("--fleet", "--dir", "--path", "--folder", "--file");
    private UnknownArguments() {}

    /** One line per unknown option or command, in order; empty when every argument is known. */
    static List<String> describe(CommandLine root, String[] args) {
        List<String> out = new ArrayList<>();
        CommandLine at = root;
        boolean valueMayFollow = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--")) {
                break;
            }
            if (arg.startsWith("-") && arg.length() > 1) {
                String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                OptionSpec option = at.getCommandSpec().findOption(name);
                if (option != null) {
                    if (option.arity().max() > 0 && !arg.contains("=")) {
                        i++;
                    }
                } else if (!isCluster(at.getCommandSpec(), arg)) {
                    String hint = suggestion(name, longNames(at.getCommandSpec()));
                    out.add("unknown option '" + name + "'" + (hint.isEmpty() && PATH_OPTIONS.contains(name) ? positional(at)
                            : hint));
                    valueMayFollow = !arg.contains("=");
                    continue;
                }
            } else if (at.getSubcommands().containsKey(arg)) {
                at = at.getSubcommands().get(arg);
            } else if (at == root && !valueMayFollow) {
                List<String> commands = new ArrayList<>(root.getSubcommands().keySet());
                out.add("unknown command '" + arg + "'" + Suggestions.hint(arg, commands, "; the commands are: "));
                break;
            }
            valueMayFollow = false;
        }
        return out;
    }

    /** {@code -hV}: short options run together, each of them known. */
    private static boolean isCluster(CommandSpec spec, String arg) {
        if (arg.startsWith("--") || arg.length() < 3) {
            return false;
        }
        for (char c : arg.substring(1).toCharArray()) {
            if (spec.findOption(c) == null) {
                return false;
            }
        }
        return true;
    }

    private static List<String> longNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            for (String n : o.names()) {
                if (n.startsWith("--")) {
                    names.add(n);
                }
            }
        }
        return names;
    }

    /** {@code ; validate takes PATH as its argument: upshift validate PATH}, for a command with a positional parameter. */
    private static String positional(CommandLine command) {
        List<PositionalParamSpec> params = command.getCommandSpec().positionalParameters();
        if (params.isEmpty() || command.getParent() == null) {
            return "";
        }
        String label = params.get(0).paramLabel();
        String name = command.getCommandName();
        return "; " + name + " takes " + label + " as its argument: upshift " + name + " " + label;
    }

    private static String suggestion(String name, List<String> candidates) {
        return Suggestions.closest(name, candidates).map(Suggestions::didYouMean).orElse("");
    }
}

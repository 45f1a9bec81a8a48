package dev.upshift.examples.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "demo", description = "Runs the main job on the embedded demo fleet.")
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println("upshift demo: the demo fleet lands with the release catalog");
        return Main.OK;
    }
}

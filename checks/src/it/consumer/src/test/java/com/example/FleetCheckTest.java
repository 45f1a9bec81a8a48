package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FleetCheckTest {
    @TempDir
    Path fleet;

    @Test
    void namesTheFileLineAndColumnOfAProblem() throws IOException {
        Files.writeString(fleet.resolve("r.yaml"), "apiVersion: upshift.dev/v1alpha1\nkind: Relase\nmetadata: {name: x}\n");
        assertEquals(fleet.resolve("r.yaml") + ":2:7: kind: unknown kind 'Relase'; did you mean 'Release'?\n",
                FleetCheck.problems(fleet));
    }
}

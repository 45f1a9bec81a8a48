package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a user of the BOM resolves: Upshift from the local repository, slf4j-api as Upshift tested it. */
class ResolutionTest {

    @Test
    void everyUpshiftArtifactComesFromTheLocalRepositoryOfTheBuild() throws URISyntaxException {
        Path repository = Path.of(System.getProperty("consumer.repository")).toAbsolutePath().normalize();
        for (Class<?> type : List.of(dev.upshift.common.source.DocumentLoader.class, dev.upshift.schedule.MaintenanceSchedule.class,
                dev.upshift.release.Release.class, dev.upshift.spi.ManagedCluster.class,
                dev.upshift.core.validate.FleetValidator.class, dev.upshift.testkit.TestClock.class)) {
            Path jar = jarOf(type);
            assertTrue(jar.startsWith(repository), type + " comes from " + jar + ", not from " + repository);
        }
    }

    @Test
    void slf4jApiIsTheVersionUpshiftTestsWith() throws URISyntaxException {
        String expected = "slf4j-api-" + System.getProperty("consumer.slf4j") + ".jar";
        assertEquals(expected, jarOf(org.slf4j.LoggerFactory.class).getFileName().toString());
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
    }
}

package dev.upshift.adapters.postgres;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What {@link PostgresHistoryStore#importJournal} did.
 *
 * @param fleet the fleet whose history received the entries
 * @param imported how many entries were added
 * @param alreadyThere how many had been imported before and were left as they were
 * @param epoch the fleet's epoch after the import: at least the newest epoch among the entries
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ImportReport(String fleet, int imported, int alreadyThere, long epoch) {
    /** {@code 12 entries imported into fleet 'default', 3 were already there}. */
    @Override
    public String toString() {
        return imported + (imported == 1 ? " entry" : " entries") + " imported into fleet '" + fleet + "', "
                + alreadyThere + (alreadyThere == 1 ? " was" : " were") + " already there";
    }
}

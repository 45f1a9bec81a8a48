package dev.upshift.bench;

/**
 * A large PostgreSQL history written by one SQL statement, as the store writes entries: per
 * cluster, attempts of six entries (starting, published, succeeded or failed, finished, held,
 * noted), entry k of cluster g on day k at second g, each attempt of a tenth of the clusters of an
 * intent of its own.
 */
final class LargeHistory {
    private LargeHistory() {}

    /** The statement that writes {@code clusters * perCluster} entries of fleet {@code fleet} (its fence row must exist). */
    static String fill(String fleet, int clusters, int perCluster) {
        return """
            INSERT INTO upshift.history (fleet, at, cluster, upgrade_id, intent, from_release, to_release, state, step,
                hop_number, hop_count, hop_target, attempt, epoch, reason_codes, entry)
            SELECT 'FLEET', at, cluster, upgrade_id, intent, '20.0.0', '20.1.0', state, step, 1, 1, '20.1.0',
                attempt, 0, CASE WHEN step = 'failed' THEN ARRAY['TIMEOUT'] ELSE ARRAY[]::text[] END,
                json_build_object('at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'cluster', cluster,
                    'upgradeId', upgrade_id, 'intent', intent, 'from', '20.0.0', 'to', '20.1.0', 'state', state,
                    'message', 'm', 'reasons', CASE WHEN step = 'failed'
                        THEN json_build_array(json_build_object('code', 'TIMEOUT', 'message', 'no progress for 2h'))
                        ELSE json_build_array() END,
                    'step', step, 'hop', json_build_object('number', 1, 'count', 1, 'target', '20.1.0'), 'attempt', attempt,
                    'owedHooks', json_build_array(), 'epoch', 0)
            FROM (SELECT k, cluster, cluster || ':20.0.0..20.1.0#' || (k / 6 + 1) AS upgrade_id, k / 6 + 1 AS attempt,
                      'upgrade-' || (k / 6) || '-' || (g % 10) AS intent,
                      timestamptz '2026-01-01' + k * interval '1 day' + g * interval '1 second' AS at,
                      (ARRAY['starting', 'published', CASE WHEN k % 12 = 2 THEN 'failed' ELSE 'succeeded' END, 'finished',
                          'held', 'noted'])[k % 6 + 1] AS step,
                      (ARRAY['inProgress', 'inProgress', CASE WHEN k % 12 = 2 THEN 'failed' ELSE 'succeeded' END,
                          CASE WHEN k % 12 = 3 THEN 'failed' ELSE 'succeeded' END, 'waiting', 'ready'])[k % 6 + 1] AS state
                  FROM generate_series(0, LAST_K) AS k,
                      LATERAL (SELECT g, 'c' || g AS cluster FROM generate_series(0, LAST_C) AS g) c
                  ORDER BY k, cluster) rows
            """.replace("FLEET", fleet).replace("LAST_K", String.valueOf(perCluster - 1))
                .replace("LAST_C", String.valueOf(clusters - 1));
    }
}

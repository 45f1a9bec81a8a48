-- Upshift's history on PostgreSQL, version 1 (docs/adapters.md, "Schema").
-- Flyway runs this in the store's schema (upshift unless configured): names are unqualified.

-- One row per fleet: the newest epoch a writer of that fleet took or wrote. Every write of the
-- fleet's history locks this row first (SELECT ... FOR UPDATE), so that the epoch check and the
-- insert happen under one lock, and the history's seq numbers follow commit order.
CREATE TABLE fence (
    fleet text PRIMARY KEY,
    epoch bigint NOT NULL DEFAULT 0 CHECK (epoch >= 0)
);

-- One row per HistoryEntry, never changed or removed. entry holds the entry exactly as a line of
-- the JSON-lines journal (version 2, docs/journal.md): it is what reads return. The other columns
-- repeat its fields for queries and constraints; text PostgreSQL cannot hold (U+0000, an unpaired
-- surrogate) is replaced by U+FFFD in them, never in entry.
CREATE TABLE history (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    fleet text NOT NULL REFERENCES fence (fleet),
    recorded_at timestamptz NOT NULL DEFAULT now(),
    at timestamptz NOT NULL,
    cluster text NOT NULL,
    upgrade_id text NOT NULL,
    intent text,
    from_release text NOT NULL,
    to_release text NOT NULL,
    state text NOT NULL,
    step text NOT NULL,
    hop_number integer NOT NULL CHECK (hop_number >= 1),
    hop_count integer NOT NULL CHECK (hop_count >= hop_number),
    hop_target text NOT NULL,
    attempt integer NOT NULL CHECK (attempt >= 1),
    epoch bigint NOT NULL CHECK (epoch >= 0),
    reason_codes text[] NOT NULL,
    entry json NOT NULL,
    import_key text
);

-- The engine's guarantee, held by the database: an attempt (its idempotency key) is journaled as
-- starting once and as published once, whoever writes.
CREATE UNIQUE INDEX history_one_start_per_attempt ON history (fleet, upgrade_id, step)
    WHERE step IN ('starting', 'published');
-- An imported journal entry is imported once.
CREATE UNIQUE INDEX history_imported_once ON history (fleet, import_key) WHERE import_key IS NOT NULL;

-- A fleet's history in order (what engines read); a cluster's; an attempt's (by its key); an
-- intent's, a step's and a period's, in time.
CREATE INDEX history_by_fleet ON history (fleet, seq);
CREATE INDEX history_by_cluster ON history (cluster, fleet, seq);
CREATE INDEX history_by_upgrade ON history (upgrade_id);
CREATE INDEX history_by_intent ON history (intent, at) WHERE intent IS NOT NULL;
CREATE INDEX history_by_step ON history (step, at);
CREATE INDEX history_by_time ON history (at);

-- Append-only: rows are never changed or removed, whoever asks (a retention job must drop these
-- triggers knowingly first).
CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the Upshift history is append-only: % is refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER history_append_only BEFORE UPDATE OR DELETE ON history
    FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON history
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change();

-- Hops in two parts (docs/engine.md): the workers' part of an attempt is journaled as starting once
-- and as published once too, whoever writes. The index keeps its name, which the store's errors name.
DROP INDEX history_one_start_per_attempt;
CREATE UNIQUE INDEX history_one_start_per_attempt ON history (fleet, upgrade_id, step)
    WHERE step IN ('starting', 'published', 'workersStarting', 'workersPublished');

-- Why: a name printed with an apostrophe ("PEOPLE'S UNITED BANK", "O'BRIEN") was normalised with the
-- apostrophe as a word break ("PEOPLE S UNITED BANK"), so the same name printed without it
-- ("PEOPLES UNITED BANK", "OBRIEN") and a search for it never met. domain/names.ts now joins the
-- lone pieces an apostrophe leaves: a possessive S to the word before it, an elided O (and a D or L
-- before a vowel or H) to the word after it. The rule reads the normalised words alone, so what was
-- stored is rewritten here with the same three patterns in the same order (names.ts
-- APOSTROPHE_PIECES), exactly as the new code computes it from the printed name:
--  * assignment_parties and file_wrapper_recordation_parties: normalized_name (the assignee prefix
--    search; portfolio links join entity_keys on it). The assignment files' content hash covers it,
--    so the next load of a file rewrites each such recordation once (no event: it is not new).
--  * entity_keys: each key with its block, keeping its entity, so entity ids stay as they were.
--    Where two stored keys now read the same (a spelling with and one without the apostrophe, each
--    founding an entity), the key already spelt the new way keeps its entity, else the most
--    confident; the other entity keeps its parties until `patent-status entities rebuild` files
--    them under the key again and deletes it, left with none.
--  * entities.search_key of companies. People's keys are unchanged: their ids are hashes of them.
-- ptab_party_names.name_letters: each printed name's letters and digits alone (names.ts `letters`,
-- the same steps), which the PTAB party filter compares with a fragment's, trigram-indexed. A
-- stored column, not an expression index: the planner prices the expression as cheap and
-- recomputed it for every name (~0.3 s for 50,000) rather than read the index.
-- Rolling deploys: data, and a generated column the previous release's inserts fill as well.
-- Loaders and the resolver of the previous release still write the former spelling: stop them
-- before migrating.

CREATE FUNCTION pg_temp.apostrophe_pieces_joined(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(name,
    '(^| )([DL]) (?=[AEIOUH][A-Z0-9])', '\1\2', 'g'),
    '(^|[A-Z0-9]{2} )O (?=[A-Z0-9]{2})', '\1O', 'g'),
    '([A-Z0-9]{2}) S(?= [A-Z0-9]{2}|$)', '\1S', 'g')
$$;

-- Every name the patterns can change holds a lone D, L, O or S: one cheap test before three.
UPDATE assignment_parties SET normalized_name = pg_temp.apostrophe_pieces_joined(normalized_name)
WHERE normalized_name ~ '(^| )[DLOS]( |$)' AND pg_temp.apostrophe_pieces_joined(normalized_name) <> normalized_name;

UPDATE file_wrapper_recordation_parties SET normalized_name = pg_temp.apostrophe_pieces_joined(normalized_name)
WHERE normalized_name ~ '(^| )[DLOS]( |$)' AND pg_temp.apostrophe_pieces_joined(normalized_name) <> normalized_name;

UPDATE entities SET search_key = pg_temp.apostrophe_pieces_joined(search_key)
WHERE type = 'assignee' AND search_key ~ '(^| )[DLOS]( |$)' AND pg_temp.apostrophe_pieces_joined(search_key) <> search_key;

-- The block is each word's first three letters (entity-keys.ts abbreviationBlock).
INSERT INTO entity_keys (name_key, block, entity_id, confidence)
SELECT DISTINCT ON (joined) joined, regexp_replace(joined, '([^ ]{3})[^ ]*', '\1', 'g'), entity_id, confidence
FROM (SELECT pg_temp.apostrophe_pieces_joined(name_key) AS joined, name_key, entity_id, confidence
      FROM entity_keys WHERE name_key ~ '(^| )[DLOS]( |$)') AS stored
WHERE joined <> name_key
ORDER BY joined, confidence DESC, name_key
ON CONFLICT (name_key) DO NOTHING;

DELETE FROM entity_keys
WHERE name_key ~ '(^| )[DLOS]( |$)' AND pg_temp.apostrophe_pieces_joined(name_key) <> name_key;

DROP FUNCTION pg_temp.apostrophe_pieces_joined(text);

ALTER TABLE ptab_party_names ADD COLUMN name_letters text NOT NULL
  GENERATED ALWAYS AS (upper(regexp_replace(normalize(replace(name, '&', 'AND'), NFKD), '[^A-Za-z0-9]+', '', 'g'))) STORED;
CREATE INDEX ptab_party_names_letters ON ptab_party_names USING gin (name_letters gin_trgm_ops);

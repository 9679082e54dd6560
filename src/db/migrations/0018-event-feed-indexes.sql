-- Why: the event feed pages events in commit order (`seq`) filtered by type,
-- application, patent or entity. Each filter gets an index that yields its events in `seq`
-- order, so a page reads only the rows it returns, however large the feed grows. `since` becomes
-- a `seq` bound (the seq of an event detected six hours before it, found through (detected_at,
-- seq)): a scan in seq order filtering on detected_at would pass every older event first. The old (application_number,
-- detected_at) and (detected_at, event_id) indexes served no query. Rolling deploys: indexes only.

CREATE INDEX events_type_seq ON events (event_type, seq);
CREATE INDEX events_detected_seq ON events (detected_at, seq);
CREATE INDEX events_application_seq ON events (application_number, seq) WHERE application_number IS NOT NULL;
CREATE INDEX events_patent_seq ON events (patent_number, seq) WHERE patent_number IS NOT NULL;
CREATE INDEX events_entity_seq ON events (entity_id, seq) WHERE entity_id IS NOT NULL;
DROP INDEX events_application;
DROP INDEX events_detected;

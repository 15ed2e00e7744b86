-- Corroborate store, schema version 1. Documented table by table in docs/store.md.
-- Offsets are Unicode code points into documents.text (as in the JSON report).
CREATE TABLE IF NOT EXISTS store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS batches (
  id INTEGER PRIMARY KEY,
  committed_at TEXT NOT NULL,
  documents INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS documents (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  format TEXT NOT NULL,
  outlet TEXT,
  outlet_how TEXT,
  url TEXT,
  published TEXT,
  published_how TEXT,
  title TEXT,
  length INTEGER NOT NULL,
  text TEXT NOT NULL,
  batch INTEGER NOT NULL REFERENCES batches(id),
  ingested_at TEXT NOT NULL,
  today TEXT NOT NULL,
  document_json TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS sentences (doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sentences_doc ON sentences(doc);
CREATE TABLE IF NOT EXISTS ignored (doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, reason TEXT, text TEXT);
CREATE INDEX IF NOT EXISTS ignored_doc ON ignored(doc);
CREATE TABLE IF NOT EXISTS entities (id TEXT PRIMARY KEY, doc TEXT NOT NULL, name TEXT NOT NULL, kind TEXT, start INTEGER, "end" INTEGER, roles_json TEXT);
CREATE INDEX IF NOT EXISTS entities_doc ON entities(doc);
CREATE TABLE IF NOT EXISTS mentions (doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, entity_id TEXT, kind TEXT, text TEXT);
CREATE INDEX IF NOT EXISTS mentions_doc ON mentions(doc);
CREATE TABLE IF NOT EXISTS quotes (doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, kind TEXT, speaker_id TEXT, speaker_name TEXT, text TEXT);
CREATE INDEX IF NOT EXISTS quotes_doc ON quotes(doc);
CREATE TABLE IF NOT EXISTS dates (doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, type TEXT, value TEXT, text TEXT);
CREATE INDEX IF NOT EXISTS dates_doc ON dates(doc);
CREATE TABLE IF NOT EXISTS quantities (doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, value REAL, value_max REAL, unit TEXT, kind TEXT, text TEXT);
CREATE INDEX IF NOT EXISTS quantities_doc ON quantities(doc);

CREATE VIRTUAL TABLE IF NOT EXISTS documents_fts USING fts5(doc UNINDEXED, title, text);

CREATE TABLE IF NOT EXISTS stories (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  version INTEGER NOT NULL,
  documents INTEGER NOT NULL,
  outlets INTEGER NOT NULL,
  first_published TEXT,
  last_published TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS story_documents (story TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (story, doc));
CREATE INDEX IF NOT EXISTS story_documents_doc ON story_documents(doc);
CREATE TABLE IF NOT EXISTS story_versions (
  story TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  documents INTEGER NOT NULL,
  changes_json TEXT NOT NULL,
  report_json TEXT NOT NULL,
  PRIMARY KEY (story, version)
);
CREATE TABLE IF NOT EXISTS timeline_events (
  story TEXT NOT NULL, idx INTEGER NOT NULL, date TEXT NOT NULL, conflicting INTEGER NOT NULL,
  doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, description TEXT,
  outlets INTEGER NOT NULL, dates_json TEXT, PRIMARY KEY (story, idx)
);
CREATE TABLE IF NOT EXISTS cross_entities (
  story TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT, mentions INTEGER,
  roles_json TEXT, members_json TEXT, PRIMARY KEY (story, id)
);

-- Claims analysis of a story's current version (rewritten with each version).
CREATE TABLE IF NOT EXISTS claims (
  story TEXT NOT NULL, id INTEGER NOT NULL, status TEXT NOT NULL, independent_sources INTEGER NOT NULL,
  articles INTEGER NOT NULL, doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, text TEXT,
  outlets_json TEXT, lineages_json TEXT, PRIMARY KEY (story, id)
);
CREATE TABLE IF NOT EXISTS claim_mentions (
  story TEXT NOT NULL, claim INTEGER NOT NULL, doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL,
  outlet TEXT, lineage TEXT, voice TEXT, source TEXT, text TEXT
);
CREATE INDEX IF NOT EXISTS claim_mentions_story ON claim_mentions(story, claim);
CREATE TABLE IF NOT EXISTS disputes (
  story TEXT NOT NULL, id INTEGER NOT NULL, kind TEXT NOT NULL, topic TEXT, claims_json TEXT,
  PRIMARY KEY (story, id)
);
CREATE TABLE IF NOT EXISTS dispute_parties (
  story TEXT NOT NULL, dispute INTEGER NOT NULL, side TEXT NOT NULL, voice TEXT, name TEXT, role TEXT,
  outlet TEXT, doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, text TEXT
);
CREATE INDEX IF NOT EXISTS dispute_parties_story ON dispute_parties(story, dispute);
CREATE TABLE IF NOT EXISTS inconsistencies (
  story TEXT NOT NULL, idx INTEGER NOT NULL, slot TEXT NOT NULL, value TEXT, outlet TEXT,
  doc TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, statement TEXT
);
CREATE INDEX IF NOT EXISTS inconsistencies_story ON inconsistencies(story);
CREATE TABLE IF NOT EXISTS lineages (
  story TEXT NOT NULL, id TEXT NOT NULL, origin_outlet TEXT, origin_doc TEXT, origin_reason TEXT,
  members INTEGER NOT NULL, members_json TEXT, PRIMARY KEY (story, id)
);

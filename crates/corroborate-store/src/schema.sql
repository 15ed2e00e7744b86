-- Corroborate store, schema version 2 (PRAGMA user_version = 2, PRAGMA application_id =
-- 0x436F7272, "Corr"). Documented table by table in docs/store.md.
-- Offsets are Unicode code points into documents.text (as in the JSON report).
-- Every reference is a foreign key (checked at commit: DEFERRABLE INITIALLY DEFERRED), and every
-- annotation table has a primary key, so a row can be written only once.
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
  batch INTEGER NOT NULL REFERENCES batches(id) DEFERRABLE INITIALLY DEFERRED,
  ingested_at TEXT NOT NULL,
  today TEXT NOT NULL,
  document_json TEXT NOT NULL
);

-- Per-document annotations: `idx` is the annotation's position among the document's
-- annotations of that kind, so (doc, idx) names it.
CREATE TABLE IF NOT EXISTS sentences (
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, PRIMARY KEY (doc, idx)
);
CREATE TABLE IF NOT EXISTS ignored (
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, reason TEXT, text TEXT, PRIMARY KEY (doc, idx)
);
CREATE TABLE IF NOT EXISTS entities (
  id TEXT PRIMARY KEY, doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  name TEXT NOT NULL, kind TEXT, start INTEGER, "end" INTEGER, roles_json TEXT
);
CREATE INDEX IF NOT EXISTS entities_doc ON entities(doc);
CREATE TABLE IF NOT EXISTS mentions (
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL,
  entity_id TEXT REFERENCES entities(id) DEFERRABLE INITIALLY DEFERRED, kind TEXT, text TEXT,
  PRIMARY KEY (doc, idx)
);
CREATE INDEX IF NOT EXISTS mentions_entity ON mentions(entity_id);
CREATE TABLE IF NOT EXISTS quotes (
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, kind TEXT,
  speaker_id TEXT REFERENCES entities(id) DEFERRABLE INITIALLY DEFERRED, speaker_name TEXT, text TEXT,
  PRIMARY KEY (doc, idx)
);
CREATE INDEX IF NOT EXISTS quotes_speaker ON quotes(speaker_id);
CREATE TABLE IF NOT EXISTS dates (
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, type TEXT, value TEXT, text TEXT,
  PRIMARY KEY (doc, idx)
);
CREATE TABLE IF NOT EXISTS quantities (
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, value REAL, value_max REAL, unit TEXT, kind TEXT,
  text TEXT, PRIMARY KEY (doc, idx)
);

-- Each document's per-article result (prepared text and extraction) as the pipeline's
-- versioned article artifact, deflated JSON: a relink reads it back instead of re-annotating.
CREATE TABLE IF NOT EXISTS artifacts (
  doc TEXT PRIMARY KEY REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  version INTEGER NOT NULL, data BLOB NOT NULL
);

-- What linking needs of each document (link_records.rs): its content-word hashes, candidate
-- credits and story features, in postcard of a versioned form. A relink links the whole
-- store from these and reads back `artifacts` only for the stories it reconciles. A missing or
-- older row is made again from the document's artifact.
CREATE TABLE IF NOT EXISTS link_records (
  doc TEXT PRIMARY KEY REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  version INTEGER NOT NULL, data BLOB NOT NULL
);

-- The documents in the order a relink reads them (batch, then arrival), with the columns it
-- needs: it scans this index, never the rows, whose text and JSON span many pages each.
CREATE INDEX IF NOT EXISTS documents_link_order ON documents(batch, id, today);

-- The story index the last relink left after its dated documents (story_index.rs): one row,
-- deflated JSON of a versioned form, without the documents' features (the link records have
-- them). The next relink resumes from it when its first documents are the snapshot's, and
-- groups from scratch otherwise.
CREATE TABLE IF NOT EXISTS story_index (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL, data BLOB NOT NULL
);

-- Full text of each document, kept in step with `documents` by the triggers below: a row is
-- indexed exactly when its document is stored (an ignored duplicate insert indexes nothing).
CREATE VIRTUAL TABLE IF NOT EXISTS documents_fts USING fts5(doc UNINDEXED, title, text);
CREATE TRIGGER IF NOT EXISTS documents_fts_insert AFTER INSERT ON documents BEGIN
  INSERT INTO documents_fts (doc, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS documents_fts_delete AFTER DELETE ON documents BEGIN
  DELETE FROM documents_fts WHERE doc = old.id;
END;

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
CREATE TABLE IF NOT EXISTS story_documents (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  PRIMARY KEY (story, doc)
);
CREATE INDEX IF NOT EXISTS story_documents_doc ON story_documents(doc);
-- Every version of every story ever made (history: a story absorbed into another keeps its
-- versions here after its row leaves `stories`).
CREATE TABLE IF NOT EXISTS story_versions (
  story TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  documents INTEGER NOT NULL,
  changes_json TEXT NOT NULL,
  -- The report's JSON deflated (a BLOB of raw DEFLATE); text in versions a schema 2 store wrote.
  report_json TEXT NOT NULL,
  PRIMARY KEY (story, version)
);
-- Stories that ended because later articles bridged them into another story: `story` lives on
-- as `into_story`, which may itself have moved on since (follow the chain; Store::story_moved_to).
-- No foreign keys: both ids may have left `stories`, and their history stays in story_versions.
CREATE TABLE IF NOT EXISTS story_redirects (
  story TEXT PRIMARY KEY,
  into_story TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS timeline_events (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  date TEXT NOT NULL, conflicting INTEGER NOT NULL,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, description TEXT,
  outlets INTEGER NOT NULL, dates_json TEXT, PRIMARY KEY (story, idx)
);
CREATE TABLE IF NOT EXISTS cross_entities (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED, id TEXT NOT NULL,
  name TEXT NOT NULL, kind TEXT, mentions INTEGER,
  roles_json TEXT, members_json TEXT, PRIMARY KEY (story, id)
);

-- Claims analysis of a story's current version (rewritten with each version).
CREATE TABLE IF NOT EXISTS claims (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED, id INTEGER NOT NULL,
  status TEXT NOT NULL, independent_sources INTEGER NOT NULL, articles INTEGER NOT NULL,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, text TEXT,
  outlets_json TEXT, lineages_json TEXT, PRIMARY KEY (story, id)
);
CREATE TABLE IF NOT EXISTS claim_mentions (
  story TEXT NOT NULL, claim INTEGER NOT NULL, idx INTEGER NOT NULL,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL,
  outlet TEXT, lineage TEXT, voice TEXT, source TEXT, text TEXT,
  PRIMARY KEY (story, claim, idx),
  FOREIGN KEY (story, claim) REFERENCES claims(story, id) DEFERRABLE INITIALLY DEFERRED
);
CREATE TABLE IF NOT EXISTS disputes (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED, id INTEGER NOT NULL,
  kind TEXT NOT NULL, topic TEXT, claims_json TEXT,
  PRIMARY KEY (story, id)
);
CREATE TABLE IF NOT EXISTS dispute_parties (
  story TEXT NOT NULL, dispute INTEGER NOT NULL, idx INTEGER NOT NULL, side TEXT NOT NULL,
  voice TEXT, name TEXT, role TEXT, outlet TEXT,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, text TEXT,
  PRIMARY KEY (story, dispute, idx),
  FOREIGN KEY (story, dispute) REFERENCES disputes(story, id) DEFERRABLE INITIALLY DEFERRED
);
CREATE TABLE IF NOT EXISTS inconsistencies (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  value_idx INTEGER NOT NULL, slot TEXT NOT NULL, value TEXT, outlet TEXT,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, statement TEXT,
  PRIMARY KEY (story, idx, value_idx)
);
CREATE TABLE IF NOT EXISTS lineages (
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED, id TEXT NOT NULL,
  origin_outlet TEXT, origin_doc TEXT REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  origin_reason TEXT, members INTEGER NOT NULL, members_json TEXT, PRIMARY KEY (story, id)
);
-- What reuse detection found between a document and the documents before it
-- (reuse_pairs.rs), written when the document is first linked: the next relink aligns only the
-- pairs with a document stored since. `pairs` is deflated JSON: for each earlier document
-- sharing passages, its id, the sentences each copies and the passages' byte spans.
-- `store_info` holds `reuse_alignment` (the version of the alignment that found them) and
-- `reuse_through` (the largest document rowid linked).
CREATE TABLE IF NOT EXISTS reuse_found (doc TEXT PRIMARY KEY, pairs BLOB NOT NULL);

-- Views for the common questions.
-- Each claim of a current story with every article that states it.
CREATE VIEW IF NOT EXISTS claim_sources AS
  SELECT c.story, c.id AS claim, c.status, c.independent_sources, c.text AS claim_text,
         m.doc, d.outlet, d.published, d.title, d.url, m.voice, m.source AS attributed_to,
         m.text AS mention_text, m.start, m."end"
  FROM claims c
  JOIN claim_mentions m ON m.story = c.story AND m.claim = c.id
  JOIN documents d ON d.id = m.doc;
-- Every quote with its speaker (NULL when the text does not say who), outlet and date.
CREATE VIEW IF NOT EXISTS quotes_by_speaker AS
  SELECT q.speaker_name AS speaker, q.speaker_id, q.doc, d.outlet, d.published, q.kind,
         q.text, q.start, q."end"
  FROM quotes q JOIN documents d ON d.id = q.doc;
-- The articles of each current story.
CREATE VIEW IF NOT EXISTS story_sources AS
  SELECT s.id AS story, s.title AS story_title, d.id AS doc, d.outlet, d.published, d.title, d.url
  FROM stories s JOIN story_documents sd ON sd.story = s.id JOIN documents d ON d.id = sd.doc;

-- People and agencies across stories (people.rs; docs/people.md), recomputed from
-- `cross_entities` after every relink. A person is one or more stories' cross-article entities
-- merged on full name plus a shared context (agency, place); `people_members.evidence_json`
-- says why each member joined. Ambiguous matches (one name only, conflicting context) are
-- never merged: they are rows of `people_possible`.
CREATE TABLE IF NOT EXISTS people (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
  stories INTEGER NOT NULL, mentions INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS people_name_key ON people(name_key);
CREATE TABLE IF NOT EXISTS people_members (
  person TEXT NOT NULL REFERENCES people(id) DEFERRABLE INITIALLY DEFERRED,
  story TEXT NOT NULL REFERENCES stories(id) DEFERRABLE INITIALLY DEFERRED,
  entity TEXT NOT NULL, name TEXT NOT NULL, evidence_json TEXT NOT NULL,
  PRIMARY KEY (person, story, entity)
);
CREATE INDEX IF NOT EXISTS people_members_story ON people_members(story);
CREATE TABLE IF NOT EXISTS people_roles (
  person TEXT NOT NULL REFERENCES people(id) DEFERRABLE INITIALLY DEFERRED, idx INTEGER NOT NULL,
  story TEXT NOT NULL, role TEXT NOT NULL, normalized TEXT, of_text TEXT,
  doc TEXT NOT NULL REFERENCES documents(id) DEFERRABLE INITIALLY DEFERRED,
  start INTEGER NOT NULL, "end" INTEGER NOT NULL, published TEXT, text TEXT,
  PRIMARY KEY (person, idx)
);
CREATE TABLE IF NOT EXISTS people_possible (
  person TEXT NOT NULL REFERENCES people(id) DEFERRABLE INITIALLY DEFERRED,
  other TEXT NOT NULL REFERENCES people(id) DEFERRABLE INITIALLY DEFERRED,
  reason TEXT NOT NULL, PRIMARY KEY (person, other)
);

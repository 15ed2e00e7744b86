//! The story index a relink left after its dated articles (`story_index`), kept so that the
//! next relink adds only the articles stored since, when they are dated no earlier than every
//! article already in it: the grouping work follows the batch, not the store. The next relink
//! checks that its first articles are the snapshot's, with the same inputs
//! ([`corroborate_link::StorySnapshot`]), and groups from scratch otherwise, so the stories
//! are always the ones a relink from scratch gives. One row, deflated JSON.

use corroborate_link::{StorySnapshot, STORY_INDEX_VERSION};
use corroborate_pipeline::artifact;
use rusqlite::{params, Connection, OptionalExtension};

use crate::Result;

/// The stored snapshot, or `None` when there is none, it is of another version, or it does
/// not read back.
pub(crate) fn read(conn: &Connection) -> Result<Option<StorySnapshot>> {
    let row: Option<(i64, Vec<u8>)> = conn
        .query_row(
            "SELECT version, data FROM story_index WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(row.and_then(|(version, data)| unpack(version, &data)))
}

/// Replaces the stored snapshot (removes it when `snapshot` is `None`).
pub(crate) fn write(conn: &Connection, snapshot: Option<&StorySnapshot>) -> Result<()> {
    match snapshot {
        Some(s) => {
            conn.execute(
                "INSERT OR REPLACE INTO story_index (id, version, data) VALUES (1, ?1, ?2)",
                params![STORY_INDEX_VERSION, pack(s)],
            )?;
        }
        None => {
            conn.execute("DELETE FROM story_index", [])?;
        }
    }
    Ok(())
}

fn pack(snapshot: &StorySnapshot) -> Vec<u8> {
    // Serialising plain data to a String cannot fail.
    let json = serde_json::to_string(snapshot).unwrap_or_default();
    artifact::deflate(&json, 1)
}

fn unpack(version: i64, data: &[u8]) -> Option<StorySnapshot> {
    if version != i64::from(STORY_INDEX_VERSION) {
        return None;
    }
    let json = artifact::inflate(data).ok()?;
    serde_json::from_str(&json).ok()
}

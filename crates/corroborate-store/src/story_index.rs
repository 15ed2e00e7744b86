//! The story index a relink left after its dated articles (`story_index`), kept so that the
//! next relink adds only the articles stored since, when they are dated no earlier than every
//! article already in it: the grouping work follows the batch, not the store. The next relink
//! checks that its first articles are the snapshot's, with the same inputs
//! ([`corroborate_link::StorySnapshot`]), and groups from scratch otherwise, so the stories
//! are always the ones a relink from scratch gives. One row, deflated JSON.

use corroborate_link::{StorySnapshot, STORY_INDEX_VERSION};
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
    Ok(row.and_then(|(version, data)| {
        crate::artifacts::unpack_json(version, STORY_INDEX_VERSION, &data)
    }))
}

/// Replaces the stored snapshot (removes it when `snapshot` is `None`).
pub(crate) fn write(conn: &Connection, snapshot: Option<&StorySnapshot>) -> Result<()> {
    match snapshot {
        Some(s) => {
            conn.execute(
                "INSERT OR REPLACE INTO story_index (id, version, data) VALUES (1, ?1, ?2)",
                params![STORY_INDEX_VERSION, crate::artifacts::pack_json(s)],
            )?;
        }
        None => {
            conn.execute("DELETE FROM story_index", [])?;
        }
    }
    Ok(())
}

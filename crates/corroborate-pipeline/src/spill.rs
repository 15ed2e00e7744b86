//! What a streamed run keeps on disk instead of in memory: anonymous temporary files (in the
//! system's temporary folder, `TMPDIR` on Unix), deleted when the run ends, whether or not it
//! succeeds.
//!
//! * [`Spill`]: one byte string per document, in input order (each article's full result, and
//!   its sentence features for reuse detection).
//! * [`LinkSpill`]: what reuse detection would otherwise hold for the whole corpus, the
//!   sentence features of every article and every passage found ([`ReuseSpill`]).
//! * [`PassageFile`]: the passages, in the order found, as fixed-size records read back by
//!   record number.

#![deny(clippy::string_slice)]

use std::borrow::Cow;
use std::io::{BufWriter, Write};
use std::sync::{Mutex, PoisonError};

use corroborate_core::{DocId, Span};
use corroborate_link::{Passage, ReuseGrade, ReuseSpill, SentenceFeatures, SentenceOffsets};

/// Byte strings, one per document, appended to a temporary file and read back by document.
pub(crate) struct Spill {
    file: TempFile,
    /// Where each document's bytes start, and their length, in input order.
    at: Vec<(u64, usize)>,
    end: u64,
}

impl Spill {
    pub(crate) fn new() -> std::io::Result<Self> {
        Ok(Self {
            file: TempFile::new()?,
            at: Vec::new(),
            end: 0,
        })
    }

    /// Appends the next document's bytes.
    pub(crate) fn push(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.file.file.write_all(bytes)?;
        self.at.push((self.end, bytes.len()));
        self.end += bytes.len() as u64;
        Ok(())
    }

    /// The bytes pushed for document `i`.
    pub(crate) fn bytes(&self, i: usize) -> std::io::Result<Vec<u8>> {
        let &(start, len) = self.at.get(i).ok_or_else(|| invalid("no such document"))?;
        let mut bytes = vec![0; len];
        self.file.read_at(start, &mut bytes)?;
        Ok(bytes)
    }
}

/// A temporary file that several threads read at once, at given offsets (`pread` on Unix;
/// elsewhere a lock keeps each seek and read together). It is written to the end first and
/// read afterwards: elsewhere than on Unix a read moves the position writes start from.
struct TempFile {
    file: std::fs::File,
    #[cfg(not(unix))]
    seek: Mutex<()>,
}

impl Write for TempFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl TempFile {
    fn new() -> std::io::Result<Self> {
        Ok(Self {
            file: tempfile::tempfile()?,
            #[cfg(not(unix))]
            seek: Mutex::new(()),
        })
    }

    /// Fills `buf` from byte `at`.
    #[cfg(unix)]
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(&self.file, buf, at)
    }

    /// Fills `buf` from byte `at`.
    #[cfg(not(unix))]
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        let _seek = self.seek.lock().unwrap_or_else(PoisonError::into_inner);
        let mut file = &self.file;
        file.seek(SeekFrom::Start(at))?;
        file.read_exact(buf)
    }
}

fn invalid(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what)
}

/// The sentence features of every article ([`SentenceFeatures::encode`], pushed in input
/// order) and the passages reuse detection finds: the two things that grow with the corpus
/// while linking.
pub(crate) struct LinkSpill {
    pub(crate) features: Spill,
    passages: Mutex<PassageWriter>,
}

struct PassageWriter {
    file: BufWriter<TempFile>,
    records: u64,
}

impl LinkSpill {
    pub(crate) fn new() -> std::io::Result<Self> {
        Ok(Self {
            features: Spill::new()?,
            passages: Mutex::new(PassageWriter {
                file: BufWriter::new(TempFile::new()?),
                records: 0,
            }),
        })
    }

    /// The passages found, once linking is done, and the features, from which an article's
    /// sentence offsets are read ([`LinkSpill::offsets`]).
    pub(crate) fn into_parts(self) -> std::io::Result<(PassageFile, Spill)> {
        let writer = self
            .passages
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let passages = PassageFile {
            file: writer.file.into_inner().map_err(|e| e.into_error())?,
            records: writer.records,
        };
        Ok((passages, self.features))
    }

    /// The sentence offsets of article `doc`, from features spilled in `features`.
    pub(crate) fn offsets(features: &Spill, doc: usize) -> std::io::Result<SentenceOffsets> {
        decode_features(&features.bytes(doc)?).map(|f| f.offsets())
    }
}

fn decode_features(bytes: &[u8]) -> std::io::Result<SentenceFeatures> {
    SentenceFeatures::decode(bytes)
        .ok_or_else(|| invalid("spilled sentence features do not decode"))
}

impl ReuseSpill for LinkSpill {
    type Error = std::io::Error;

    fn features(&self, doc: usize) -> std::io::Result<Cow<'_, SentenceFeatures>> {
        decode_features(&self.features.bytes(doc)?).map(Cow::Owned)
    }

    fn passages(&self, a: usize, b: usize, found: Vec<Passage>) -> std::io::Result<Vec<Passage>> {
        let mut w = self.passages.lock().unwrap_or_else(PoisonError::into_inner);
        let (a, b) = (index(a)?, index(b)?);
        for p in &found {
            w.file.write_all(&encode(a, b, p))?;
            w.records += 1;
        }
        Ok(Vec::new())
    }
}

fn index(doc: usize) -> std::io::Result<u32> {
    u32::try_from(doc).map_err(|_| invalid("more than 2³² documents"))
}

/// Bytes of one passage record: the two articles' indexes (32 bits each), the four span ends,
/// the score's bits and the sentence count (64 bits each), the grade (one byte); little-endian.
const RECORD: usize = 4 + 4 + 8 * 6 + 1;

fn encode(a: u32, b: u32, p: &Passage) -> [u8; RECORD] {
    let mut out = [0u8; RECORD];
    let grade = match p.grade {
        ReuseGrade::Verbatim => 0,
        ReuseGrade::Edited => 1,
        ReuseGrade::Paraphrase => 2,
    };
    let wide = [
        p.span_a.start as u64,
        p.span_a.end as u64,
        p.span_b.start as u64,
        p.span_b.end as u64,
        p.score.to_bits(),
        p.sentences as u64,
    ];
    out[..4].copy_from_slice(&a.to_le_bytes());
    out[4..8].copy_from_slice(&b.to_le_bytes());
    for (k, x) in wide.iter().enumerate() {
        out[8 + 8 * k..16 + 8 * k].copy_from_slice(&x.to_le_bytes());
    }
    out[RECORD - 1] = grade;
    out
}

/// A record's passage, with its articles' ids taken from `ids` (by input index).
fn decode(record: &[u8], ids: &[DocId]) -> std::io::Result<Passage> {
    let narrow = |at: usize| -> Option<usize> {
        let bytes = record.get(at..at + 4)?.try_into().ok()?;
        Some(u32::from_le_bytes(bytes) as usize)
    };
    let wide = |k: usize| -> Option<u64> {
        let bytes = record.get(8 + 8 * k..16 + 8 * k)?.try_into().ok()?;
        Some(u64::from_le_bytes(bytes))
    };
    let size = |k: usize| wide(k).and_then(|x| usize::try_from(x).ok());
    let grade = match record.get(RECORD - 1) {
        Some(0) => ReuseGrade::Verbatim,
        Some(1) => ReuseGrade::Edited,
        Some(2) => ReuseGrade::Paraphrase,
        _ => return Err(invalid("a spilled passage has no grade")),
    };
    let passage = (|| {
        Some(Passage {
            doc_a: ids.get(narrow(0)?)?.clone(),
            span_a: Span::new(size(0)?, size(1)?),
            doc_b: ids.get(narrow(4)?)?.clone(),
            span_b: Span::new(size(2)?, size(3)?),
            score: f64::from_bits(wide(4)?),
            sentences: size(5)?,
            grade,
        })
    })();
    passage.ok_or_else(|| invalid("a spilled passage does not decode"))
}

/// The passages a [`LinkSpill`] kept, numbered from 0 in the order found.
pub(crate) struct PassageFile {
    file: TempFile,
    records: u64,
}

impl PassageFile {
    /// How many passages there are.
    pub(crate) fn len(&self) -> u64 {
        self.records
    }

    /// The records `first..first + count` (fewer at the end), as bytes.
    fn records(&self, first: u64, count: usize) -> std::io::Result<Vec<u8>> {
        let count = count.min(self.records.saturating_sub(first) as usize);
        let mut bytes = vec![0u8; count * RECORD];
        self.file.read_at(first * RECORD as u64, &mut bytes)?;
        Ok(bytes)
    }

    /// Passages `first..first + count`, in order (`ids` names the articles by input index).
    pub(crate) fn range(
        &self,
        first: u64,
        count: usize,
        ids: &[DocId],
    ) -> std::io::Result<Vec<Passage>> {
        let bytes = self.records(first, count)?;
        bytes.chunks_exact(RECORD).map(|r| decode(r, ids)).collect()
    }

    /// The input indexes of the two articles of passages `first..first + count`, in order.
    pub(crate) fn articles(
        &self,
        first: u64,
        count: usize,
    ) -> std::io::Result<Vec<(usize, usize)>> {
        let bytes = self.records(first, count)?;
        Ok(bytes
            .chunks_exact(RECORD)
            .map(|r| {
                let index =
                    |at: usize| u32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]]);
                (index(0) as usize, index(4) as usize)
            })
            .collect())
    }

    /// The passages numbered `numbers` (ascending), in that order; runs of consecutive numbers
    /// are read at once.
    pub(crate) fn read(&self, numbers: &[u64], ids: &[DocId]) -> std::io::Result<Vec<Passage>> {
        let mut out = Vec::with_capacity(numbers.len());
        let mut k = 0;
        while k < numbers.len() {
            let mut run = 1;
            while numbers.get(k + run) == Some(&(numbers[k] + run as u64)) {
                run += 1;
            }
            out.extend(self.range(numbers[k], run, ids)?);
            k += run;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passage_record_reads_back_as_written() {
        let ids: Vec<DocId> = ["a", "b", "c"].map(DocId::from_text).to_vec();
        let spill = LinkSpill::new().unwrap();
        let passage = |a: usize, b: usize, start: usize, grade| Passage {
            doc_a: ids[a].clone(),
            span_a: Span::new(start, start + 40),
            doc_b: ids[b].clone(),
            span_b: Span::new(start + 7, start + 52),
            score: 0.1 + start as f64 / 3.0,
            sentences: start % 5 + 1,
            grade,
        };
        let written = [
            passage(0, 2, 3, ReuseGrade::Verbatim),
            passage(0, 2, 90, ReuseGrade::Paraphrase),
            passage(1, 2, 1 << 40, ReuseGrade::Edited),
        ];
        assert!(spill
            .passages(0, 2, written[..2].to_vec())
            .unwrap()
            .is_empty());
        assert!(spill
            .passages(1, 2, written[2..].to_vec())
            .unwrap()
            .is_empty());
        let (file, _) = spill.into_parts().unwrap();
        assert_eq!(file.len(), 3);
        assert_eq!(file.range(0, 10, &ids).unwrap(), written);
        assert_eq!(
            file.read(&[0, 2], &ids).unwrap(),
            [written[0].clone(), written[2].clone()]
        );
        assert!(decode(&[0u8; RECORD - 1], &ids).is_err());
        let mut unknown = encode(0, 7, &written[0]);
        assert!(decode(&unknown, &ids).is_err(), "no article 7");
        unknown = encode(0, 1, &written[0]);
        unknown[RECORD - 1] = 9;
        assert!(decode(&unknown, &ids).is_err(), "no grade 9");
    }
}

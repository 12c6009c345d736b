//! The packed stored form of an event body. The body's JSON text is cut after every escaped
//! newline; each line long enough to be worth it (a prompt template's lines, Σ/Δ lines, dialogue
//! lines) is stored once in the `texts` table and referred to by id, and what is left (the
//! references and the short or unique text around them) is deflated. Unpacking gives back the
//! exact JSON text the codec wrote, so every reader sees the same events as before.
//!
//! Bodies written before migration 5 are JSON text in the `events.body` column and are read as
//! they are; packed bodies are BLOBs, so the column's type tells the two apart.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// A line shorter than this stays in the body: a reference and its row would cost about as much.
const MIN_LINE: usize = 24;
/// Deflate's level: 6, its default (level 1 saves little time on bodies this short).
const LEVEL: i32 = 6;
/// Bodies and texts shorter than this are not deflated: deflate's own framing would eat the gain.
const MIN_DEFLATE: usize = 64;
/// A packed body or text never unpacks to more than this (a damaged file must not make the
/// reader allocate without bound). Replies are capped far below it.
const MAX_UNPACKED: usize = 256 << 20;
/// Cached digests on the writer and cached texts on a reader, before the cache starts over.
const WRITE_CACHE: usize = 1 << 16;
const READ_CACHE_BYTES: usize = 16 << 20;

/// First byte of a packed body or text: how the rest is stored.
const RAW: u8 = 0;
const DEFLATED: u8 = 1;

/// A packed body or text that does not unpack.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    /// The bytes are not a packed body (damaged or written by something else).
    #[error("packed body: {0}")]
    Damaged(String),
    /// A reference to a text the file does not hold.
    #[error("packed body refers to text {0}, which the file does not hold")]
    MissingText(i64),
    /// SQLite failed while reading or writing texts.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
}

/// The writer's side: which texts are already stored (by SHA-256), so a repeated line costs a
/// lookup in memory. Only texts of committed transactions enter the cache.
#[derive(Default)]
pub struct Packer {
    stored: HashMap<[u8; 32], i64>,
    pending: Vec<([u8; 32], i64)>,
    deflater: Deflater,
}

/// One deflate compressor, reset between bodies: building one allocates and clears its
/// tables, which cost more than deflating a short body.
struct Deflater(Box<miniz_oxide::deflate::core::CompressorOxide>);

impl Default for Deflater {
    fn default() -> Self {
        let flags = miniz_oxide::deflate::core::create_comp_flags_from_zip_params(LEVEL, 0, 0);
        Self(Box::new(miniz_oxide::deflate::core::CompressorOxide::new(flags)))
    }
}

impl Deflater {
    /// `DEFLATED` and the raw deflate of `input`, or `None` when that would not be smaller than
    /// `input` stored raw. The tag is written first, so the deflated bytes are never copied.
    fn deflate(&mut self, mut input: &[u8]) -> Option<Vec<u8>> {
        use miniz_oxide::deflate::core::{TDEFLFlush, TDEFLStatus, compress};
        self.0.reset();
        let mut out = vec![0u8; input.len().checked_add(1)?];
        *out.first_mut()? = DEFLATED;
        let mut at = 1usize;
        loop {
            let (status, read, written) = compress(&mut self.0, input, out.get_mut(at..)?, TDEFLFlush::Finish);
            at = at.checked_add(written)?;
            match status {
                TDEFLStatus::Done => {
                    out.truncate(at);
                    return Some(out);
                }
                // The output is full: deflating does not make it smaller.
                TDEFLStatus::Okay if at >= out.len() => return None,
                TDEFLStatus::Okay => input = input.get(read..)?,
                _ => return None,
            }
        }
    }
}

impl Packer {
    /// Starts a transaction's packing: texts inserted by an earlier transaction that did not
    /// commit are forgotten.
    pub fn begin(&mut self) {
        self.pending.clear();
    }

    /// The transaction committed: its new texts exist now and may be referred to from memory.
    pub fn committed(&mut self) {
        if self.stored.len().saturating_add(self.pending.len()) > WRITE_CACHE {
            self.stored.clear();
        }
        self.stored.extend(self.pending.drain(..));
    }

    /// Packs one body, inserting the lines the file does not hold yet into `texts` (inside the
    /// caller's transaction).
    pub fn pack(&mut self, tx: &Connection, body: &str) -> Result<Vec<u8>, PackError> {
        let mut stream = Vec::with_capacity(body.len() / 4);
        let mut literal_start = 0usize;
        let mut at = 0usize;
        for piece in pieces(body) {
            let next = at.saturating_add(piece.len());
            if piece.len() >= MIN_LINE && piece.ends_with("\\n") {
                put_literal(&mut stream, body.get(literal_start..at).unwrap_or(""));
                let id = self.intern(tx, piece)?;
                put_varint(&mut stream, (u64::try_from(id).unwrap_or(0) << 1) | 1);
                literal_start = next;
            }
            at = next;
        }
        put_literal(&mut stream, body.get(literal_start..).unwrap_or(""));
        Ok(seal(&stream, &mut self.deflater))
    }

    fn intern(&mut self, tx: &Connection, text: &str) -> Result<i64, PackError> {
        let digest: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        if let Some(&id) = self.stored.get(&digest) {
            return Ok(id);
        }
        if let Some((_, id)) = self.pending.iter().rev().find(|(d, _)| *d == digest) {
            return Ok(*id);
        }
        let key = lookup_key(&digest);
        let sealed = seal(text.as_bytes(), &mut self.deflater);
        let mut stmt = tx.prepare_cached("SELECT id FROM texts WHERE hash = ?1 AND body = ?2")?;
        let id = match stmt
            .query_row(params![key, sealed], |r| r.get::<_, i64>(0))
            .optional()?
        {
            Some(id) => id,
            None => {
                tx.prepare_cached("INSERT INTO texts (hash, body) VALUES (?1, ?2)")?
                    .execute(params![key, sealed])?;
                tx.last_insert_rowid()
            }
        };
        self.pending.push((digest, id));
        Ok(id)
    }
}

/// A reader's cache of texts by id. Texts never change once written, so a cached one never goes
/// stale, whatever other processes append.
#[derive(Default)]
pub struct TextCache {
    texts: RefCell<HashMap<i64, Arc<str>>>,
    bytes: RefCell<usize>,
}

impl TextCache {
    /// The JSON text of a packed body.
    pub fn unpack(&self, conn: &Connection, packed: &[u8]) -> Result<String, PackError> {
        let stream = unseal(packed)?;
        let mut out = String::with_capacity(stream.len().saturating_mul(4));
        let mut rest = stream.as_slice();
        while !rest.is_empty() {
            let (tag, after) = take_varint(rest)?;
            if tag & 1 == 1 {
                let id = i64::try_from(tag >> 1).map_err(|_| PackError::Damaged("text id out of range".into()))?;
                out.push_str(&self.text(conn, id)?);
                rest = after;
            } else {
                let len = usize::try_from(tag >> 1).map_err(|_| PackError::Damaged("length out of range".into()))?;
                let (bytes, after) = after
                    .split_at_checked(len)
                    .ok_or_else(|| PackError::Damaged("a literal runs past the end".into()))?;
                out.push_str(std::str::from_utf8(bytes).map_err(|e| PackError::Damaged(e.to_string()))?);
                rest = after;
            }
            if out.len() > MAX_UNPACKED {
                return Err(PackError::Damaged(format!("unpacks to more than {MAX_UNPACKED} bytes")));
            }
        }
        Ok(out)
    }

    fn text(&self, conn: &Connection, id: i64) -> Result<Arc<str>, PackError> {
        if let Some(t) = self.texts.borrow().get(&id) {
            return Ok(Arc::clone(t));
        }
        let sealed: Vec<u8> = conn
            .prepare_cached("SELECT body FROM texts WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?
            .ok_or(PackError::MissingText(id))?;
        let text: Arc<str> = String::from_utf8(unseal(&sealed)?)
            .map_err(|e| PackError::Damaged(format!("text {id}: {e}")))?
            .into();
        let mut bytes = self.bytes.borrow_mut();
        let mut texts = self.texts.borrow_mut();
        if bytes.saturating_add(text.len()) > READ_CACHE_BYTES {
            texts.clear();
            *bytes = 0;
        }
        *bytes = bytes.saturating_add(text.len());
        texts.insert(id, Arc::clone(&text));
        Ok(text)
    }
}

/// The body cut after every escaped newline (`\n` in JSON text); the pieces concatenate back to
/// the body whatever they are, and every cut falls on an ASCII byte.
fn pieces(body: &str) -> impl Iterator<Item = &str> {
    body.split_inclusive("\\n")
}

/// The indexed part of a text's digest: the texts table compares the whole text on a match, so
/// two texts sharing these bytes are told apart.
fn lookup_key(digest: &[u8; 32]) -> i64 {
    i64::from_le_bytes(digest.first_chunk::<8>().copied().unwrap_or_default())
}

fn put_literal(stream: &mut Vec<u8>, text: &str) {
    if text.is_empty() {
        return;
    }
    put_varint(stream, u64::try_from(text.len()).unwrap_or(u64::MAX >> 1) << 1);
    stream.extend_from_slice(text.as_bytes());
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let low = u8::try_from(n & 0x7f).unwrap_or(0);
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

fn take_varint(bytes: &[u8]) -> Result<(u64, &[u8]), PackError> {
    let mut n: u64 = 0;
    for (i, b) in bytes.iter().enumerate().take(10) {
        let shift = u32::try_from(i).unwrap_or(u32::MAX).saturating_mul(7);
        let part = u64::from(b & 0x7f)
            .checked_shl(shift)
            .filter(|p| p >> shift == u64::from(b & 0x7f))
            .ok_or_else(|| PackError::Damaged("varint overflows".into()))?;
        n |= part;
        if b & 0x80 == 0 {
            return Ok((n, bytes.get(i.saturating_add(1)..).unwrap_or(&[])));
        }
    }
    Err(PackError::Damaged("truncated varint".into()))
}

/// Bytes with their storage tag: deflated when that is smaller. Deterministic, so equal inputs
/// seal to equal bytes (the texts table compares sealed bodies).
fn seal(bytes: &[u8], deflater: &mut Deflater) -> Vec<u8> {
    if bytes.len() >= MIN_DEFLATE
        && let Some(z) = deflater.deflate(bytes)
        && z.len() <= bytes.len()
    {
        return z;
    }
    let mut out = Vec::with_capacity(bytes.len().saturating_add(1));
    out.push(RAW);
    out.extend_from_slice(bytes);
    out
}

fn unseal(sealed: &[u8]) -> Result<Vec<u8>, PackError> {
    match sealed.split_first() {
        Some((&RAW, rest)) => Ok(rest.to_vec()),
        Some((&DEFLATED, rest)) => miniz_oxide::inflate::decompress_to_vec_with_limit(rest, MAX_UNPACKED)
            .map_err(|e| PackError::Damaged(format!("does not inflate: {e}"))),
        Some((tag, _)) => Err(PackError::Damaged(format!("unknown storage tag {tag}"))),
        None => Err(PackError::Damaged("empty".into())),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn conn() -> Connection {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch(
            "CREATE TABLE texts (id INTEGER PRIMARY KEY, hash INTEGER NOT NULL, body BLOB NOT NULL);
             CREATE INDEX texts_hash ON texts (hash);",
        )
        .unwrap();
        c
    }

    #[test]
    fn packing_gives_back_the_exact_text_and_stores_a_repeated_line_once() {
        let c = conn();
        let mut p = Packer::default();
        let template =
            "You are a Memory Synthesis Engine for a long-term memory.\\nRules:\\n1. Write only about the person.\\n";
        let bodies = [
            format!(r#"{{"prompt":"{template}Zoë said “héllo” 🧗‍♀️\n","reply":"ok"}}"#),
            format!(r#"{{"prompt":"{template}李雷 went climbing on the weekend of the fair\\n","reply":"\\\\n\\n"}}"#),
            String::new(),
            "\\n\\n\\n".into(),
            "x".repeat(5000),
        ];
        let mut packed = Vec::new();
        for b in &bodies {
            p.begin();
            packed.push(p.pack(&c, b).unwrap());
            p.committed();
        }
        let cache = TextCache::default();
        for (b, k) in bodies.iter().zip(&packed) {
            assert_eq!(&cache.unpack(&c, k).unwrap(), b);
            assert_eq!(&TextCache::default().unpack(&c, k).unwrap(), b);
        }
        let rows: i64 = c.query_row("SELECT count(*) FROM texts", [], |r| r.get(0)).unwrap();
        // Two template lines of 24 bytes or more, stored once for both bodies, and each body's
        // dialogue line; short lines and unbroken text stay in the bodies.
        assert_eq!(rows, 4);
        assert!(packed[4].len() < 100, "a long repeated run deflates");
    }

    #[test]
    fn an_uncommitted_transactions_texts_are_not_referred_to_again() {
        let c = conn();
        let mut p = Packer::default();
        let body = "a line that is long enough to be interned\\nrest";
        c.execute_batch("BEGIN").unwrap();
        p.begin();
        p.pack(&c, body).unwrap();
        c.execute_batch("ROLLBACK").unwrap();
        p.begin();
        let packed = p.pack(&c, body).unwrap();
        p.committed();
        assert_eq!(TextCache::default().unpack(&c, &packed).unwrap(), body);
    }

    #[test]
    fn a_sealed_body_is_miniz_deflate_of_a_fresh_compressor_after_its_tag() {
        // The reused compressor and the tag written in place give the bytes earlier builds wrote.
        let mut d = Deflater::default();
        let prose = "Alex swims three times a week and Alex swims before work on Mondays. ".repeat(9);
        let short = "a line of sixty-four bytes or more that does not repeat anything";
        for text in [prose.as_str(), short, "x"] {
            let sealed = seal(text.as_bytes(), &mut d);
            let fresh = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6);
            if text.len() >= MIN_DEFLATE && fresh.len() < text.len() {
                assert_eq!(sealed[0], DEFLATED, "{text}");
                assert_eq!(&sealed[1..], &fresh[..], "{text}");
            } else {
                assert_eq!(sealed[0], RAW, "{text}");
                assert_eq!(&sealed[1..], text.as_bytes());
            }
            assert_eq!(unseal(&sealed).unwrap(), text.as_bytes());
        }
    }

    #[test]
    fn damaged_packed_bodies_are_errors_not_panics() {
        let c = conn();
        let cache = TextCache::default();
        for bad in [
            &[][..],
            &[9, 1, 2][..],
            &[RAW, 0x80][..],
            &[RAW, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01][..],
            &[RAW, 20, b'a'][..],
            &[RAW, 4, 0xff, 0xfe][..],
            &[RAW, 15][..],
            &[DEFLATED, 1, 2, 3][..],
        ] {
            assert!(cache.unpack(&c, bad).is_err(), "{bad:?}");
        }
        assert!(matches!(cache.unpack(&c, &[RAW, 15]), Err(PackError::MissingText(7))));
    }
}

//! The packed stored form of an event body. The body's JSON text is cut after every escaped
//! newline; each line long enough to be worth it (a prompt template's lines, Σ/Δ lines, dialogue
//! lines) is stored once in the `texts` table and referred to by id, and what is left (the
//! references and the short or unique text around them) is compressed. Unpacking gives back the
//! exact JSON text the codec wrote, so every reader sees the same events as before.
//!
//! Bodies written before migration 5 are JSON text in the `events.body` column and are read as
//! they are; packed bodies are BLOBs, so the column's type tells the two apart. A sealed body or
//! text starts with a tag saying how the rest is stored: raw, raw deflate (every file written
//! before LZ4; still read), or LZ4 (written today: its compressor starts cheaply on a short
//! input, where deflate's clears ~300 KB of tables per call, and the checkpoint chunks it now
//! also compresses pay for its larger output).
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// A line shorter than this stays in the body: a reference and its row would cost about as much.
const MIN_LINE: usize = 24;
/// Bodies and texts shorter than this are not compressed: the framing would eat the gain.
const MIN_COMPRESS: usize = 64;
/// A packed body or text never unpacks to more than this (a damaged file must not make the
/// reader allocate without bound). Replies are capped far below it.
const MAX_UNPACKED: usize = 256 << 20;
/// Cached lines on the writer (entries) and texts on a reader (bytes), before the cache starts
/// over.
const WRITE_CACHE: usize = 1 << 16;
const READ_CACHE_BYTES: usize = 16 << 20;

/// First byte of a packed body or text: how the rest is stored.
const RAW: u8 = 0;
/// Raw deflate (RFC 1951): what every build before LZ4 wrote. Read, never written.
const DEFLATED: u8 = 1;
/// The unpacked length as a varint, then one LZ4 block.
const LZ4: u8 = 2;

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

/// Texts by themselves, to their ids. Keyed by the text, not its SHA-256: a repeated line (a
/// prompt template's, every call) then costs a fast hash and a compare, and the digest, which
/// the file's `hash` column needs, is taken only for a line the maps do not hold.
type Interned = HashMap<Box<str>, i64, foldhash::fast::RandomState>;

/// The writer's side: which texts are already stored, so a repeated line costs a lookup in
/// memory. Only texts of committed transactions enter the cache.
#[derive(Default)]
pub struct Packer {
    stored: Interned,
    /// Texts inserted by earlier steps of the open transaction (a group commit's).
    released: Interned,
    /// Texts inserted by the step being written (a map: a long prompt has hundreds of lines).
    pending: Interned,
    /// The maps hold every text the file holds (it had none when this log opened, and no other
    /// process wrote since), so a text missing from them is new without asking the file.
    complete: bool,
}

impl Packer {
    /// Says whether the maps now hold every text of the file: true only for a file without
    /// texts, and false once another process may have added some.
    pub fn set_complete(&mut self, complete: bool) {
        self.complete = complete && self.stored.is_empty() && self.released.is_empty();
    }

    /// Another process committed: the file may hold texts the maps do not.
    pub fn others_wrote(&mut self) {
        self.complete = false;
    }

    /// Starts a step's packing: texts inserted by an earlier step that did not complete are
    /// forgotten.
    pub fn begin(&mut self) {
        self.pending.clear();
    }

    /// The step completed inside the open transaction: its texts stay there for later steps.
    pub fn step_released(&mut self) {
        self.released.extend(self.pending.drain());
    }

    /// The transaction committed: its new texts exist now and may be referred to from memory.
    pub fn committed(&mut self) {
        self.step_released();
        if self.stored.len().saturating_add(self.released.len()) > WRITE_CACHE {
            self.stored.clear();
            self.complete = false;
        }
        self.stored.extend(self.released.drain());
    }

    /// The transaction rolled back: nothing it inserted exists.
    pub fn rolled_back(&mut self) {
        self.pending.clear();
        self.released.clear();
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
        Ok(seal(&stream))
    }

    fn intern(&mut self, tx: &Connection, text: &str) -> Result<i64, PackError> {
        if let Some(&id) = self.stored.get(text) {
            return Ok(id);
        }
        if let Some(&id) = self.pending.get(text).or_else(|| self.released.get(text)) {
            return Ok(id);
        }
        let digest: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        let key = lookup_key(&digest);
        // The file may hold the text already (written before this process, perhaps sealed by
        // another codec): rows sharing the key are compared by what they unseal to.
        let mut found = None;
        if !self.complete {
            let mut stmt = tx.prepare_cached("SELECT id, body FROM texts WHERE hash = ?1")?;
            let mut rows = stmt.query([key])?;
            while let Some(row) = rows.next()? {
                let sealed = row.get_ref(1)?.as_blob().map_err(rusqlite::Error::from)?;
                if unseal(sealed)? == text.as_bytes() {
                    found = Some(row.get::<_, i64>(0)?);
                    break;
                }
            }
        }
        let id = match found {
            Some(id) => id,
            None => {
                tx.prepare_cached("INSERT INTO texts (hash, body) VALUES (?1, ?2)")?
                    .execute(params![key, seal(text.as_bytes())])?;
                tx.last_insert_rowid()
            }
        };
        self.pending.insert(text.into(), id);
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

    /// Forgets every text: a rolled-back transaction's ids may be given to other texts.
    pub fn clear(&self) {
        self.texts.borrow_mut().clear();
        *self.bytes.borrow_mut() = 0;
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
/// the body whatever they are, and every cut falls on an ASCII byte. The same pieces as
/// `body.split_inclusive("\\n")`, found by a byte search for the backslash (a model call's body
/// is its whole prompt, and the two-byte string searcher was a fifth of packing).
fn pieces(body: &str) -> impl Iterator<Item = &str> {
    let mut rest = body;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let bytes = rest.as_bytes();
        let mut from = 0usize;
        let end = loop {
            // `from` is 0 or just after a backslash: a character boundary.
            match rest.get(from..).and_then(|r| r.find('\\')) {
                None => break rest.len(),
                Some(k) => {
                    let at = from.saturating_add(k);
                    if bytes.get(at.saturating_add(1)) == Some(&b'n') {
                        break at.saturating_add(2);
                    }
                    from = at.saturating_add(1);
                }
            }
        };
        let (piece, after) = rest.split_at_checked(end).unwrap_or((rest, ""));
        rest = after;
        Some(piece)
    })
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

/// Bytes with their storage tag: LZ4-compressed when that is smaller. Deterministic, so equal
/// inputs seal to equal bytes.
pub(super) fn seal(bytes: &[u8]) -> Vec<u8> {
    if bytes.len() >= MIN_COMPRESS
        && let Some(z) = lz4(bytes)
    {
        return z;
    }
    let mut out = Vec::with_capacity(bytes.len().saturating_add(1));
    out.push(RAW);
    out.extend_from_slice(bytes);
    out
}

/// `LZ4`, the length and the LZ4 block of `input`, or `None` when that is not smaller than
/// `input` stored raw. The block is written in place after the header: no copy.
fn lz4(input: &[u8]) -> Option<Vec<u8>> {
    thread_local! {
        /// The compressor's output space, zeroed once and reused: a zeroed buffer of the
        /// block's worst-case size per call was most of sealing a long body.
        static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    let need = lz4_flex::block::get_maximum_output_size(input.len());
    if need > MAX_SCRATCH {
        return lz4_alone(input);
    }
    let mut out = Vec::with_capacity(input.len().checked_add(11)?);
    out.push(LZ4);
    put_varint(&mut out, u64::try_from(input.len()).ok()?);
    SCRATCH.with_borrow_mut(|scratch| {
        if scratch.len() < need {
            scratch.resize(need, 0);
        }
        let written = lz4_flex::block::compress_into(input, scratch.get_mut(..need)?).ok()?;
        if out.len().checked_add(written)? > input.len() {
            return None;
        }
        out.extend_from_slice(scratch.get(..written)?);
        Some(())
    })?;
    Some(out)
}

/// Largest output space kept between calls; a longer input (a reply of megabytes) is
/// compressed into space of its own, as [`lz4_alone`] does.
const MAX_SCRATCH: usize = 1 << 20;

/// [`lz4`] into a buffer of its own: the block is written in place after the header.
fn lz4_alone(input: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(lz4_flex::block::get_maximum_output_size(input.len()).checked_add(11)?);
    out.push(LZ4);
    put_varint(&mut out, u64::try_from(input.len()).ok()?);
    let at = out.len();
    out.resize(out.capacity(), 0);
    let written = lz4_flex::block::compress_into(input, out.get_mut(at..)?).ok()?;
    let end = at.checked_add(written)?;
    if end > input.len() {
        return None;
    }
    out.truncate(end);
    Some(out)
}

pub(super) fn unseal(sealed: &[u8]) -> Result<Vec<u8>, PackError> {
    match sealed.split_first() {
        Some((&RAW, rest)) => Ok(rest.to_vec()),
        Some((&DEFLATED, rest)) => miniz_oxide::inflate::decompress_to_vec_with_limit(rest, MAX_UNPACKED)
            .map_err(|e| PackError::Damaged(format!("does not inflate: {e}"))),
        Some((&LZ4, rest)) => {
            let (len, block) = take_varint(rest)?;
            let len = usize::try_from(len)
                .ok()
                .filter(|&n| n <= MAX_UNPACKED)
                .ok_or_else(|| PackError::Damaged(format!("unpacks to more than {MAX_UNPACKED} bytes")))?;
            let mut out = vec![0u8; len];
            match lz4_flex::block::decompress_into(block, &mut out) {
                Ok(n) if n == len => Ok(out),
                Ok(n) => Err(PackError::Damaged(format!("LZ4 block gives {n} bytes, not {len}"))),
                Err(e) => Err(PackError::Damaged(format!("does not decompress: {e}"))),
            }
        }
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

    /// What every build before LZ4 wrote: the tag, then miniz's raw deflate at level 6.
    fn sealed_by_deflate(bytes: &[u8]) -> Vec<u8> {
        let mut out = vec![DEFLATED];
        out.extend(miniz_oxide::deflate::compress_to_vec(bytes, 6));
        out
    }

    #[test]
    fn texts_sealed_raw_deflated_or_lz4_all_unseal_to_what_was_sealed() {
        let prose = "Alex swims three times a week and Alex swims before work on Mondays. ".repeat(9);
        let short = "a line of sixty-four bytes or more that does not repeat anything";
        let hostile = "Zoë “quoted” 🧗‍♀️ 李雷\\n\n\\u0000 ".repeat(40);
        for text in [prose.as_str(), short, hostile.as_str(), "x", ""] {
            let sealed = seal(text.as_bytes());
            let compressible = text.len() >= MIN_COMPRESS && text != short;
            assert_eq!(sealed[0], if compressible { LZ4 } else { RAW }, "{text}");
            assert!(sealed.len() <= text.len().max(MIN_COMPRESS) + 1, "{text}");
            assert_eq!(unseal(&sealed).unwrap(), text.as_bytes());
            assert_eq!(unseal(&sealed_by_deflate(text.as_bytes())).unwrap(), text.as_bytes());
            assert_eq!(seal(text.as_bytes()), sealed, "sealing is deterministic");
        }
        assert!(
            seal(prose.as_bytes()).len() < prose.len() / 4,
            "a repeated run compresses"
        );
    }

    #[test]
    fn a_line_the_file_holds_deflated_is_referred_to_not_stored_again() {
        // A file written before LZ4 holds its texts deflated: appending to it reuses them.
        let c = conn();
        let line = "You are a Memory Synthesis Engine for a long-term memory, and you write facts.\\n";
        let digest: [u8; 32] = Sha256::digest(line.as_bytes()).into();
        c.execute(
            "INSERT INTO texts (hash, body) VALUES (?1, ?2)",
            params![lookup_key(&digest), sealed_by_deflate(line.as_bytes())],
        )
        .unwrap();
        // A line is cut after its escaped newline, so it starts the body or follows another.
        let body = format!("{line}{line}rest\"}}");
        let mut p = Packer::default();
        p.begin();
        let packed = p.pack(&c, &body).unwrap();
        p.committed();
        let rows: i64 = c.query_row("SELECT count(*) FROM texts", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 1);
        assert_eq!(TextCache::default().unpack(&c, &packed).unwrap(), body);
    }

    #[test]
    fn sealing_through_the_reused_space_gives_what_sealing_alone_gives() {
        let long = "a line of a prompt, said again and again. ".repeat(40_000);
        for input in [
            &b"short"[..],
            &[7u8; 200][..],
            b"Zo\xc3\xab went climbing with the kids; Zo\xc3\xab went climbing with the kids again.",
            long.as_bytes(),
            &long.as_bytes()[..5000],
            &long.as_bytes()[..300],
        ] {
            let sealed = seal(input);
            assert_eq!(unseal(&sealed).unwrap(), input);
            if input.len() >= MIN_COMPRESS {
                assert_eq!(Some(sealed), lz4_alone(input).or_else(|| Some(seal(input))));
            }
        }
        assert!(long.len() > MAX_SCRATCH, "the long input takes space of its own");
    }

    #[test]
    fn pieces_are_the_body_cut_after_every_escaped_newline() {
        for body in [
            "",
            "\\n",
            "a\\nb",
            "a\\n",
            "\\\\n\\\\\\n",
            "no cut \\ here\\",
            "Zoë\\n漢字\\nn\\\\",
            "x\\n\\n\\ny",
        ] {
            let got: Vec<&str> = pieces(body).collect();
            let want: Vec<&str> = body.split_inclusive("\\n").collect();
            assert_eq!(got, want, "{body:?}");
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
            &[LZ4][..],
            &[LZ4, 5, 0xff, 0xff][..],
            &[LZ4, 0x80][..],
            &[LZ4, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x10, b'a'][..],
            &[LZ4, 40, 0x1f, b'a', 0x10, 0x00][..],
            &[LZ4, 5, 0x30, b'a', b'b', b'c'][..],
        ] {
            assert!(cache.unpack(&c, bad).is_err(), "{bad:?}");
        }
        assert!(matches!(cache.unpack(&c, &[RAW, 15]), Err(PackError::MissingText(7))));
    }
}

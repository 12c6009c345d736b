//! The checkpoint form of the shared vectors: every chunk is stored once, as a row of its own,
//! and a vector is written as the ids of its chunks (`{"chunks":[12,13]}`), so a checkpoint
//! costs the chunks that changed since the previous one, not the whole memory.
//!
//! Outside [`write`] and [`read`] the vectors are plain JSON arrays, so the memory's JSON (in
//! views, exports, and checkpoints written before this form existed) is unchanged.
//!
//! A chunk is known unchanged by its address: the caller keeps the memory of the previous
//! checkpoint alive, so every chunk it holds is shared, and a write to a shared chunk copies it
//! to a new address first.

use super::{Items, Nodes};
use serde::Deserialize as _;
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Error as _, Serialize, Serializer};
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// Chunk addresses (while their memory is alive) and the row ids they were stored under.
pub type Stored = HashMap<usize, i64>;

/// What [`write`] produced.
pub struct Written {
    /// The value, with each shared vector replaced by the ids of its chunks.
    pub manifest: String,
    /// Chunks not stored before: row id and body.
    pub fresh: Vec<(i64, String)>,
    /// Every chunk of the value, by address: the `known` of the next write, while the value lives.
    pub stored: Stored,
}

struct Writer {
    known: Stored,
    stored: Stored,
    fresh: Vec<(i64, String)>,
    next_id: i64,
}

struct Reader {
    bodies: HashMap<i64, String>,
    decoded: HashMap<i64, Box<dyn Any>>,
    stored: Stored,
}

thread_local! {
    static WRITER: RefCell<Option<Writer>> = const { RefCell::new(None) };
    static READER: RefCell<Option<Reader>> = const { RefCell::new(None) };
}

/// Serialises `value` in checkpoint form. Chunks found in `known` are referred to by their id;
/// the others get ids from `next_id` on and are returned in [`Written::fresh`].
pub fn write<T: Serialize>(value: &T, known: Stored, next_id: i64) -> serde_json::Result<Written> {
    WRITER.with(|w| {
        *w.borrow_mut() = Some(Writer {
            known,
            stored: Stored::new(),
            fresh: Vec::new(),
            next_id,
        });
    });
    let manifest = serde_json::to_string(value);
    let writer = WRITER.with(|w| w.borrow_mut().take());
    let manifest = manifest?;
    let writer = writer.ok_or_else(|| serde_json::Error::custom("the checkpoint writer went missing"))?;
    Ok(Written {
        manifest,
        fresh: writer.fresh,
        stored: writer.stored,
    })
}

/// The chunk ids a manifest or chunk body refers to, so a reader can fetch them before [`read`].
/// A JSON string cannot contain the unescaped key `"chunks":[`, so user text never matches.
#[must_use]
pub fn references(text: &str) -> Vec<i64> {
    text.split("\"chunks\":[")
        .skip(1)
        .filter_map(|rest| rest.split_once(']'))
        .flat_map(|(ids, _)| ids.split(',').filter_map(|n| n.trim().parse::<i64>().ok()))
        .collect()
}

/// Deserialises a manifest whose chunk `bodies` (by id, including nested ones) were fetched.
/// Also returns the address of every chunk built, under its id, to seed the next [`write`].
pub fn read<T: DeserializeOwned>(manifest: &str, bodies: HashMap<i64, String>) -> serde_json::Result<(T, Stored)> {
    READER.with(|r| {
        *r.borrow_mut() = Some(Reader {
            bodies,
            decoded: HashMap::new(),
            stored: Stored::new(),
        });
    });
    let value = serde_json::from_str(manifest);
    let reader = READER.with(|r| r.borrow_mut().take());
    Ok((value?, reader.map(|r| r.stored).unwrap_or_default()))
}

fn writing() -> bool {
    WRITER.with(|w| w.borrow().is_some())
}

fn address<C>(chunk: &Arc<C>) -> usize {
    Arc::as_ptr(chunk).cast::<()>() as usize
}

/// The id of a chunk: known, already written by this checkpoint, or new (its body serialised
/// with no borrow held, since it may hold shared vectors of its own).
fn chunk_id(addr: usize, body: impl FnOnce() -> serde_json::Result<String>) -> serde_json::Result<i64> {
    let found = WRITER.with(|w| {
        let mut w = w.borrow_mut();
        let w = w.as_mut()?;
        let id = w.stored.get(&addr).or_else(|| w.known.get(&addr)).copied()?;
        w.stored.insert(addr, id);
        Some(id)
    });
    if let Some(id) = found {
        return Ok(id);
    }
    let body = body()?;
    WRITER.with(|w| {
        let mut w = w.borrow_mut();
        let w = w
            .as_mut()
            .ok_or_else(|| serde_json::Error::custom("the checkpoint writer went missing"))?;
        let id = w.next_id;
        w.next_id += 1;
        w.fresh.push((id, body));
        w.stored.insert(addr, id);
        Ok(id)
    })
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Ref {
    chunks: Vec<i64>,
}

pub(super) fn serialize_items<T: Serialize, S: Serializer>(items: &Items<T>, s: S) -> Result<S::Ok, S::Error> {
    if !writing() {
        return s.collect_seq(items.iter());
    }
    let chunks = items
        .chunks()
        .into_iter()
        .map(|c| chunk_id(address(c), || serde_json::to_string(&**c)))
        .collect::<serde_json::Result<Vec<i64>>>()
        .map_err(S::Error::custom)?;
    Ref { chunks }.serialize(s)
}

/// A chunk of nodes is written as the ids of its elements, each element a row of its own, so a
/// checkpoint rewrites the nodes that changed, not their neighbours.
pub(super) fn serialize_nodes<T: Serialize, S: Serializer>(nodes: &Nodes<T>, s: S) -> Result<S::Ok, S::Error> {
    if !writing() {
        return s.collect_seq(nodes.iter());
    }
    let chunks = nodes
        .items()
        .chunks()
        .into_iter()
        .map(|c| {
            chunk_id(address(c), || {
                let chunks = c
                    .iter()
                    .map(|e| chunk_id(address(e), || serde_json::to_string(&**e)))
                    .collect::<serde_json::Result<Vec<i64>>>()?;
                serde_json::to_string(&Ref { chunks })
            })
        })
        .collect::<serde_json::Result<Vec<i64>>>()
        .map_err(S::Error::custom)?;
    Ref { chunks }.serialize(s)
}

/// A chunk (or node) by id, decoded once per read even if several vectors share it.
fn resolve<C: 'static>(id: i64, decode: impl FnOnce(&str) -> Result<C, String>) -> Result<Arc<C>, String> {
    let cached = READER.with(|r| {
        let r = r.borrow();
        let r = r.as_ref()?;
        r.decoded.get(&id).and_then(|b| b.downcast_ref::<Arc<C>>()).cloned()
    });
    if let Some(c) = cached {
        return Ok(c);
    }
    let body = READER.with(|r| {
        let mut r = r.borrow_mut();
        let r = r.as_mut().ok_or("a chunked vector outside a checkpoint")?;
        r.bodies.remove(&id).ok_or(format!("checkpoint chunk {id} is missing"))
    })?;
    let chunk = Arc::new(decode(&body).map_err(|e| format!("checkpoint chunk {id}: {e}"))?);
    READER.with(|r| {
        if let Some(r) = r.borrow_mut().as_mut() {
            r.stored.insert(address(&chunk), id);
            r.decoded.insert(id, Box::new(chunk.clone()));
        }
    });
    Ok(chunk)
}

/// A shared vector as read: a plain array, or (inside [`read`]) the ids of its chunks.
enum Got<T> {
    Plain(Vec<T>),
    Ids(Vec<i64>),
}

struct GotVisitor<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> Visitor<'de> for GotVisitor<T> {
    type Value = Got<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array, or the chunk ids of one")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut all = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = seq.next_element()? {
            all.push(x);
        }
        Ok(Got::Plain(all))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Ref::deserialize(de::value::MapAccessDeserializer::new(map)).map(|r| Got::Ids(r.chunks))
    }
}

fn wrong_length<E: de::Error>() -> E {
    E::custom("a checkpoint chunk has the wrong length")
}

pub(super) fn deserialize_items<'de, T, D>(d: D) -> Result<Items<T>, D::Error>
where
    T: DeserializeOwned + Clone + 'static,
    D: Deserializer<'de>,
{
    match d.deserialize_any(GotVisitor::<T>(PhantomData))? {
        Got::Plain(all) => Ok(all.into()),
        Got::Ids(ids) => {
            let chunks = ids
                .into_iter()
                .map(|id| resolve(id, |b| serde_json::from_str::<Vec<T>>(b).map_err(|e| e.to_string())))
                .collect::<Result<Vec<_>, String>>()
                .map_err(de::Error::custom)?;
            Items::from_chunks(chunks).ok_or_else(wrong_length)
        }
    }
}

pub(super) fn deserialize_nodes<'de, T, D>(d: D) -> Result<Nodes<T>, D::Error>
where
    T: DeserializeOwned + 'static,
    D: Deserializer<'de>,
{
    match d.deserialize_any(GotVisitor::<T>(PhantomData))? {
        Got::Plain(all) => Ok(all.into_iter().collect()),
        Got::Ids(ids) => {
            let chunks = ids
                .into_iter()
                .map(|id| {
                    resolve(id, |b| {
                        let r: Ref = serde_json::from_str(b).map_err(|e| e.to_string())?;
                        r.chunks
                            .into_iter()
                            .map(|e| resolve(e, |b| serde_json::from_str::<T>(b).map_err(|e| e.to_string())))
                            .collect::<Result<Vec<Arc<T>>, String>>()
                    })
                })
                .collect::<Result<Vec<_>, String>>()
                .map_err(de::Error::custom)?;
            Items::from_chunks(chunks)
                .map(Nodes::from_items)
                .ok_or_else(wrong_length)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Node {
        name: String,
        seen: Items<u32>,
    }

    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Doc {
        flat: Items<u32>,
        nodes: Nodes<Node>,
    }

    fn doc(n: u32) -> Doc {
        Doc {
            flat: (0..n).collect(),
            nodes: (0..n / 4)
                .map(|i| Node {
                    name: format!("node \"chunks\":[{}] ✓", 900_000 + i),
                    seen: (0..i).collect(),
                })
                .collect(),
        }
    }

    fn read_back(w: &Written, rows: &HashMap<i64, String>) -> (Doc, Stored) {
        let mut bodies = HashMap::new();
        let mut todo = references(&w.manifest);
        while let Some(id) = todo.pop() {
            if let Some(b) = rows.get(&id)
                && !bodies.contains_key(&id)
            {
                todo.extend(references(b));
                bodies.insert(id, b.clone());
            }
        }
        read(&w.manifest, bodies).unwrap()
    }

    #[test]
    fn a_second_checkpoint_stores_only_the_changed_chunks() {
        let mut rows = HashMap::new();
        let a = doc(200);
        let first = write(&a, Stored::new(), 1).unwrap();
        let all = first.fresh.len();
        rows.extend(first.fresh.iter().cloned());
        assert_eq!(read_back(&first, &rows).0, a);

        let mut b = a.clone();
        b.flat.push(200);
        b.nodes[3].seen.push(99);
        let next_id = 1 + i64::try_from(rows.len()).unwrap();
        let second = write(&b, first.stored, next_id).unwrap();
        // The flat tail; node 3, its own vector, and the chunk of nodes holding it.
        assert_eq!(second.fresh.len(), 4, "of {all}");
        rows.extend(second.fresh.iter().cloned());
        let (back, stored) = read_back(&second, &rows);
        assert_eq!(back, b);
        // What a read built seeds the next write: nothing changed, nothing new.
        let third = write(&back, stored, 1000).unwrap();
        assert!(third.fresh.is_empty());
    }

    #[test]
    fn user_text_never_looks_like_a_reference() {
        let w = write(&doc(8), Stored::new(), 1).unwrap();
        let refs = references(&w.manifest);
        assert_eq!(refs.len(), 2, "{}", w.manifest);
        for (_, body) in &w.fresh {
            assert!(references(body).iter().all(|id| *id < 900_000), "{body}");
        }
    }
}

//! Vectors that share structure between clones, so a copy of the memory (a timeline snapshot,
//! the log's last checkpoint) costs a few pointers and holds only what changed since.
//!
//! Both keep their elements in fixed-size chunks behind `Arc`s. A clone copies the chunk
//! pointers (`len / CHUNK` of them); a write copies the one chunk it touches if another clone
//! still shares it. [`Nodes`] also puts every element behind its own `Arc`, for the graph's
//! nodes and edges, which change in place often and are large: a write then copies a chunk of
//! pointers and one element, not its neighbours.
//!
//! A chunk the memory shares with an older copy is unchanged since that copy, which is what lets
//! a checkpoint store only the chunks that changed (see [`chunked`]).

pub mod chunked;

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// Elements per chunk of an [`Items`].
const CHUNK: usize = 32;
/// Chunks per group: the spine is two levels deep, so a clone copies `len / 1024` pointers and
/// a write one group of 32 more, however long the history.
const GROUP: usize = 32;
const PER_GROUP: usize = CHUNK * GROUP;

type Chunk<T> = Arc<Vec<T>>;

/// An append-mostly vector of values in shared chunks, themselves in shared groups: every chunk
/// but the last is full, and every group but the last.
pub struct Items<T> {
    groups: Vec<Arc<Vec<Chunk<T>>>>,
    len: usize,
}

impl<T> Items<T> {
    /// An empty vector.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            groups: Vec::new(),
            len: 0,
        }
    }

    /// Elements held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element at `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&T> {
        self.groups
            .get(i / PER_GROUP)
            .and_then(|g| g.get((i % PER_GROUP) / CHUNK))
            .and_then(|c| c.get(i % CHUNK))
    }

    /// The first element.
    #[must_use]
    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    /// The last element.
    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.groups.last().and_then(|g| g.last()).and_then(|c| c.last())
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone + '_ {
        self.groups.iter().flat_map(|g| g.iter()).flat_map(|c| c.iter())
    }

    /// Whether `x` is an element.
    pub fn contains(&self, x: &T) -> bool
    where
        T: PartialEq,
    {
        self.iter().any(|y| y == x)
    }

    /// Drops every element.
    pub fn clear(&mut self) {
        self.groups.clear();
        self.len = 0;
    }

    /// The chunks in order, for the checkpoint writer.
    pub(crate) fn chunks(&self) -> Vec<&Chunk<T>> {
        self.groups.iter().flat_map(|g| g.iter()).collect()
    }

    /// Reassembles chunks written by [`Items::chunks`]; `None` unless every chunk but the last
    /// is full and none is empty.
    pub(crate) fn from_chunks(chunks: Vec<Chunk<T>>) -> Option<Self> {
        let (last, full) = chunks.split_last().map_or((None, &[][..]), |(l, f)| (Some(l), f));
        if full.iter().any(|c| c.len() != CHUNK) || last.is_some_and(|c| c.is_empty() || c.len() > CHUNK) {
            return None;
        }
        let len = chunks.iter().map(|c| c.len()).sum();
        let groups = chunks.chunks(GROUP).map(|g| Arc::new(g.to_vec())).collect();
        Some(Self { groups, len })
    }
}

impl<T: Clone> Items<T> {
    /// Appends an element, copying the last chunk (and group) first if a clone shares them.
    pub fn push(&mut self, value: T) {
        if self.len.is_multiple_of(PER_GROUP) {
            self.groups.push(Arc::new(vec![Arc::new(vec![value])]));
        } else if let Some(group) = self.groups.last_mut() {
            let group = Arc::make_mut(group);
            match group.last_mut() {
                Some(last) if !self.len.is_multiple_of(CHUNK) => Arc::make_mut(last).push(value),
                _ => group.push(Arc::new(vec![value])),
            }
        }
        self.len += 1;
    }

    /// The element at `i`, for writing; copies its group and chunk first if a clone shares them.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i >= self.len {
            return None;
        }
        let group = Arc::make_mut(self.groups.get_mut(i / PER_GROUP)?);
        let chunk = Arc::make_mut(group.get_mut((i % PER_GROUP) / CHUNK)?);
        chunk.get_mut(i % CHUNK)
    }

    /// The last element, for writing.
    pub fn last_mut(&mut self) -> Option<&mut T> {
        let i = self.len.checked_sub(1)?;
        self.get_mut(i)
    }
}

impl<T> Clone for Items<T> {
    fn clone(&self) -> Self {
        Self {
            groups: self.groups.clone(),
            len: self.len,
        }
    }
}

impl<T> Default for Items<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: PartialEq> PartialEq for Items<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len
            && self
                .groups
                .iter()
                .zip(&other.groups)
                .all(|(a, b)| Arc::ptr_eq(a, b) || a.iter().zip(b.iter()).all(|(x, y)| Arc::ptr_eq(x, y) || x == y))
    }
}

impl<T: Eq> Eq for Items<T> {}

impl<T: fmt::Debug> fmt::Debug for Items<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T> std::ops::Index<usize> for Items<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(x) => x,
            None => panic!("index {i} out of range for a vector of {}", self.len),
        }
    }
}

impl<T: Clone> std::ops::IndexMut<usize> for Items<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        let len = self.len;
        match self.get_mut(i) {
            Some(x) => x,
            None => panic!("index {i} out of range for a vector of {len}"),
        }
    }
}

impl<T: Clone> FromIterator<T> for Items<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        v.extend(iter);
        v
    }
}

impl<T: Clone> Extend<T> for Items<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<T: Clone> From<Vec<T>> for Items<T> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<'a, T> IntoIterator for &'a Items<T> {
    type Item = &'a T;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<T: Serialize + 'static> Serialize for Items<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        chunked::serialize_items(self, s)
    }
}

impl<'de, T: serde::de::DeserializeOwned + Clone + 'static> Deserialize<'de> for Items<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        chunked::deserialize_items(d)
    }
}

/// A vector of large, often rewritten elements: [`Items`] of `Arc`s, read and written as if the
/// `Arc`s were not there.
pub struct Nodes<T>(Items<Arc<T>>);

impl<T> Nodes<T> {
    /// An empty vector.
    #[must_use]
    pub const fn new() -> Self {
        Self(Items::new())
    }

    /// Elements held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The element at `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&T> {
        self.0.get(i).map(|a| &**a)
    }

    /// The first element.
    #[must_use]
    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    /// The last element.
    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.0.last().map(|a| &**a)
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone + '_ {
        self.0.iter().map(|a| &**a)
    }

    /// Appends an element.
    pub fn push(&mut self, value: T) {
        self.0.push(Arc::new(value));
    }

    pub(crate) fn items(&self) -> &Items<Arc<T>> {
        &self.0
    }

    pub(crate) fn from_items(items: Items<Arc<T>>) -> Self {
        Self(items)
    }
}

impl<T: Clone> Nodes<T> {
    /// The element at `i`, for writing; copies it (and its chunk of pointers) first if a clone
    /// shares it.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        self.0.get_mut(i).map(Arc::make_mut)
    }
}

impl<T> Clone for Nodes<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T> Default for Nodes<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: PartialEq> PartialEq for Nodes<T> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<T: Eq> Eq for Nodes<T> {}

impl<T: fmt::Debug> fmt::Debug for Nodes<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T> std::ops::Index<usize> for Nodes<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        &self.0[i]
    }
}

impl<T: Clone> std::ops::IndexMut<usize> for Nodes<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        Arc::make_mut(&mut self.0[i])
    }
}

impl<T> FromIterator<T> for Nodes<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        for x in iter {
            v.push(x);
        }
        v
    }
}

impl<T> From<Vec<T>> for Nodes<T> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<'a, T> IntoIterator for &'a Nodes<T> {
    type Item = &'a T;
    type IntoIter = std::iter::Map<<&'a Items<Arc<T>> as IntoIterator>::IntoIter, fn(&'a Arc<T>) -> &'a T>;

    fn into_iter(self) -> Self::IntoIter {
        (&self.0).into_iter().map(deref_arc as fn(&'a Arc<T>) -> &'a T)
    }
}

fn deref_arc<T>(a: &Arc<T>) -> &T {
    a
}

impl<T: Serialize + 'static> Serialize for Nodes<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        chunked::serialize_nodes(self, s)
    }
}

impl<'de, T: serde::de::DeserializeOwned + 'static> Deserialize<'de> for Nodes<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        chunked::deserialize_nodes(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_vec_across_chunk_boundaries() {
        let mut a: Items<u32> = Items::new();
        let mut v = Vec::new();
        for i in 0..100 {
            a.push(i);
            v.push(i);
        }
        assert_eq!(a.len(), 100);
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), v);
        assert_eq!(a.iter().next_back(), Some(&99));
        assert_eq!((a[31], a[32], a.last()), (31, 32, Some(&99)));
        assert_eq!(a.get(100), None);
        a[40] = 7;
        assert_eq!(a[40], 7);
    }

    #[test]
    fn a_clone_shares_chunks_and_a_write_copies_only_its_chunk() {
        let a: Items<u32> = (0..100).collect();
        let mut b = a.clone();
        b[3] = 1000;
        b.push(100);
        assert_eq!(a[3], 3);
        assert_eq!(a.len(), 100);
        assert_eq!(b[3], 1000);
        assert!(!Arc::ptr_eq(a.chunks()[0], b.chunks()[0]));
        assert!(Arc::ptr_eq(a.chunks()[1], b.chunks()[1]));
        assert!(Arc::ptr_eq(a.chunks()[2], b.chunks()[2]));
        assert!(!Arc::ptr_eq(a.chunks()[3], b.chunks()[3]));
    }

    #[test]
    fn a_long_vector_shares_its_groups() {
        let a: Items<u32> = (0..5000).collect();
        let mut b = a.clone();
        b[4000] = 1;
        b.push(5000);
        assert_eq!(
            (a[4000], b[4000], b.len(), b[4999], b.last()),
            (4000, 1, 5001, 4999, Some(&5000))
        );
        assert_eq!(b.iter().count(), 5001);
        assert!(Arc::ptr_eq(&a.groups[0], &b.groups[0]));
        assert!(!Arc::ptr_eq(&a.groups[3], &b.groups[3]));
        let again = Items::from_chunks(b.chunks().into_iter().cloned().collect()).unwrap();
        assert_eq!(again, b);
    }

    #[test]
    fn nodes_copy_the_one_element_written() {
        let a: Nodes<String> = (0..40).map(|i| i.to_string()).collect();
        let mut b = a.clone();
        b[5].push('!');
        assert_eq!((a[5].as_str(), b[5].as_str()), ("5", "5!"));
        assert!(Arc::ptr_eq(&a.items()[6], &b.items()[6]));
        assert!(!Arc::ptr_eq(&a.items()[5], &b.items()[5]));
    }

    #[test]
    fn plain_serialisation_is_a_json_array() {
        let a: Items<u32> = (0..40).collect();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, serde_json::to_string(&(0..40).collect::<Vec<u32>>()).unwrap());
        let back: Items<u32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
        let n: Nodes<String> = serde_json::from_str(r#"["a","b"]"#).unwrap();
        assert_eq!(serde_json::to_string(&n).unwrap(), r#"["a","b"]"#);
    }
}

//! Recall coverage: for every retrievable item of a memory (facts, conclusions, concept profiles,
//! relation summaries), how many questions of an evaluation retrieved it. Written by
//! `rgmem eval locomo --coverage FILE`, read by `rgmem show --coverage FILE` and the inspector to
//! show what no question reaches.

use crate::error::{Error, Result};
use crate::ids::{ConceptId, EpisodeId, RelationId, Seq};
use crate::memory::Memory;
use crate::retrieval::{Item, Layer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// The version written in a coverage file's `rgmem_coverage` field.
pub const FORMAT: u32 = 1;

/// A retrievable item of one memory, by the ids it has there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemKey {
    /// An episode's λ_fact.
    Fact(EpisodeId),
    /// An episode's conclusion, counting its base conclusions, then its salient ones.
    Conclusion(EpisodeId, u32),
    /// A concept's Σ/Δ.
    Concept(ConceptId),
    /// A relation's RK1 summary.
    Relation(RelationId),
}

impl fmt::Display for ItemKey {
    /// `fact:e3`, `conclusion:e3.1`, `concept:c12`, `relation:r4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fact(e) => write!(f, "fact:{e}"),
            Self::Conclusion(e, i) => write!(f, "conclusion:{e}.{i}"),
            Self::Concept(c) => write!(f, "concept:{c}"),
            Self::Relation(r) => write!(f, "relation:{r}"),
        }
    }
}

impl FromStr for ItemKey {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{s}` is not a memory item (fact:e3, conclusion:e3.1, concept:c12, relation:r4)");
        let (layer, id) = s.split_once(':').ok_or_else(bad)?;
        let num = |text: &str, prefix: char| -> Result<u32, String> {
            text.strip_prefix(prefix).and_then(|n| n.parse().ok()).ok_or_else(bad)
        };
        match layer {
            "fact" => Ok(Self::Fact(EpisodeId(num(id, 'e')?))),
            "conclusion" => {
                let (e, i) = id.split_once('.').ok_or_else(bad)?;
                Ok(Self::Conclusion(EpisodeId(num(e, 'e')?), i.parse().map_err(|_| bad())?))
            }
            "concept" => Ok(Self::Concept(ConceptId(num(id, 'c')?))),
            "relation" => Ok(Self::Relation(RelationId(num(id, 'r')?))),
            _ => Err(bad()),
        }
    }
}

impl Serialize for ItemKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ItemKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// The memory item a retrieved context item shows (none for raw turns).
#[must_use]
pub fn key_of(memory: &Memory, item: &Item) -> Option<ItemKey> {
    let p = &item.provenance;
    match item.layer {
        Layer::Fact => p.episodes.first().map(|e| ItemKey::Fact(*e)),
        Layer::Conclusion => {
            let e = memory.episodes.get(p.episodes.first()?.index())?;
            let index = e
                .base_conclusions
                .iter()
                .chain(&e.salient_conclusions)
                .position(|c| *c == item.text)?;
            Some(ItemKey::Conclusion(e.id, u32::try_from(index).ok()?))
        }
        Layer::Concept => p.concepts.first().map(|c| ItemKey::Concept(*c)),
        Layer::Relation => p.relations.first().map(|r| ItemKey::Relation(*r)),
        Layer::Turn => None,
    }
}

/// The memory items a context holds, in its order.
#[must_use]
pub fn retrieved(memory: &Memory, context: &crate::retrieval::Context) -> Vec<ItemKey> {
    context.items.iter().filter_map(|i| key_of(memory, i)).collect()
}

/// Every retrievable item of a memory with what it says, in memory order.
#[must_use]
pub fn items(memory: &Memory) -> Vec<(ItemKey, String)> {
    let mut out = Vec::new();
    for e in &memory.episodes {
        if !e.fact.is_empty() {
            out.push((ItemKey::Fact(e.id), e.fact.clone()));
        }
        for (i, c) in e.base_conclusions.iter().chain(&e.salient_conclusions).enumerate() {
            out.push((
                ItemKey::Conclusion(e.id, u32::try_from(i).unwrap_or(u32::MAX)),
                c.clone(),
            ));
        }
    }
    for c in memory
        .concepts
        .iter()
        .filter(|c| !(c.sigma.is_empty() && c.delta.is_empty()))
    {
        out.push((ItemKey::Concept(c.id), memory.path_of(c.id).join(" / ")));
    }
    // A relation is retrievable by its summary and, before it has one, by what its mentions
    // name (the person's own words under it): every relation with a mention is an item.
    for r in memory
        .relations
        .iter()
        .filter(|r| !r.summary.is_empty() || !r.episodes.is_empty())
    {
        out.push((ItemKey::Relation(r.id), memory.relation_name(r.id)));
    }
    out
}

/// One item and how many questions retrieved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Covered {
    /// The item.
    pub item: ItemKey,
    /// What it says (a fact or conclusion) or names (a concept path, a relation).
    pub text: String,
    /// Questions whose context held it.
    pub questions: u32,
}

/// The coverage of one memory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoryCoverage {
    /// The conversation (a LoCoMo sample id).
    pub conversation: String,
    /// The memory file's name, so a reader can tell which file the ids belong to.
    pub memory: String,
    /// The head the questions were asked at.
    pub head: Seq,
    /// Questions asked.
    pub questions: u32,
    /// Every retrievable item, reached or not.
    pub items: Vec<Covered>,
}

impl MemoryCoverage {
    /// Counts, for each item of `memory`, the questions whose retrieved items (one list per
    /// question; repeats within a question count once) hold it.
    #[must_use]
    pub fn count(
        conversation: &str,
        memory_file: &str,
        head: Seq,
        memory: &Memory,
        per_question: &[Vec<ItemKey>],
    ) -> Self {
        let mut counts: BTreeMap<ItemKey, u32> = BTreeMap::new();
        for keys in per_question {
            let mut seen: Vec<&ItemKey> = keys.iter().collect();
            seen.sort();
            seen.dedup();
            for k in seen {
                let n = counts.entry(*k).or_default();
                *n = n.saturating_add(1);
            }
        }
        Self {
            conversation: conversation.to_string(),
            memory: memory_file.to_string(),
            head,
            questions: u32::try_from(per_question.len()).unwrap_or(u32::MAX),
            items: items(memory)
                .into_iter()
                .map(|(item, text)| Covered {
                    questions: counts.get(&item).copied().unwrap_or(0),
                    item,
                    text,
                })
                .collect(),
        }
    }

    /// How many questions reached an item (none when the item is not in this coverage).
    #[must_use]
    pub fn questions_for(&self, item: ItemKey) -> Option<u32> {
        self.items.iter().find(|c| c.item == item).map(|c| c.questions)
    }

    /// The items no question reached.
    pub fn unreached(&self) -> impl Iterator<Item = &Covered> {
        self.items.iter().filter(|c| c.questions == 0)
    }
}

/// A coverage file: one entry per evaluated memory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverageFile {
    /// [`FORMAT`].
    pub rgmem_coverage: u32,
    /// Per memory.
    pub memories: Vec<MemoryCoverage>,
}

impl CoverageFile {
    /// A file over these memories.
    #[must_use]
    pub fn new(memories: Vec<MemoryCoverage>) -> Self {
        Self {
            rgmem_coverage: FORMAT,
            memories,
        }
    }

    /// Writes the file as pretty JSON.
    pub fn write(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(|e| Error::Codec(e.to_string()))?;
        std::fs::write(path, text + "\n").map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// Reads a coverage file, naming it in every error.
    pub fn read(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        })?;
        let bad = |message: String| Error::BadInput {
            path: path.display().to_string(),
            line: 0,
            message,
        };
        let file: Self = serde_json::from_str(&text).map_err(|e| bad(format!("not a coverage file ({e})")))?;
        if file.rgmem_coverage != FORMAT {
            return Err(bad(format!(
                "coverage format {} is not the one this build reads ({FORMAT})",
                file.rgmem_coverage
            )));
        }
        Ok(file)
    }

    /// The coverage of the memory file at `db`: the entry with its file name, or the only entry.
    pub fn for_memory(&self, db: &Path, path: &Path) -> Result<&MemoryCoverage> {
        let name = db
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match (
            self.memories.iter().find(|m| m.memory == name),
            self.memories.as_slice(),
        ) {
            (Some(m), _) | (None, [m]) => Ok(m),
            _ => Err(Error::BadInput {
                path: path.display().to_string(),
                line: 0,
                message: format!(
                    "no coverage for the memory file {name} (it covers {})",
                    self.memories
                        .iter()
                        .map(|m| m.memory.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_print_and_parse_back() {
        for k in [
            ItemKey::Fact(EpisodeId(3)),
            ItemKey::Conclusion(EpisodeId(3), 1),
            ItemKey::Concept(ConceptId(12)),
            ItemKey::Relation(RelationId(4)),
        ] {
            assert_eq!(k.to_string().parse::<ItemKey>(), Ok(k));
        }
        for bad in [
            "",
            "fact",
            "fact:3",
            "conclusion:e3",
            "concept:c",
            "turn:t1",
            "fact:e99999999999",
        ] {
            assert!(bad.parse::<ItemKey>().is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_are_questions_not_repeats() {
        let per_question = vec![
            vec![ItemKey::Fact(EpisodeId(0)), ItemKey::Fact(EpisodeId(0))],
            vec![ItemKey::Fact(EpisodeId(0))],
            vec![],
        ];
        let mut m = Memory::new();
        m.apply(&crate::event::Event::person_tracked("Alex", "user"));
        for fact in ["ran", "swam"] {
            m.apply(&crate::event::Event::EpisodeRecorded {
                person: ConceptId(0),
                turns: vec![],
                fact: fact.into(),
                base_conclusions: vec![format!("Alex {fact}")],
                salient_conclusions: vec![],
                time: None,
                session: 1,
            });
        }
        let c = MemoryCoverage::count("conv", "conv.db", Seq(4), &m, &per_question);
        assert_eq!(c.questions, 3);
        assert_eq!(c.questions_for(ItemKey::Fact(EpisodeId(0))), Some(2));
        assert_eq!(c.questions_for(ItemKey::Fact(EpisodeId(1))), Some(0));
        assert_eq!(c.unreached().count(), 3, "swam, and both conclusions");
    }
}

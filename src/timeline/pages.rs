//! Where a timeline reads its entries: an [`EventSource`] (the log file, or records in memory)
//! behind a small cache of pages, so the inspector holds a few pages of event text, not the log.

use crate::error::Result;
use crate::event::EventRecord;
use crate::ids::Seq;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// Entries per page.
const PAGE: u64 = 256;
/// Pages kept.
const KEEP: usize = 16;

/// A log to read entries from.
pub trait EventSource: Send {
    /// Events with seq in `from..=to`, in order.
    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>>;

    /// Records appended to the log after it was opened. A source that reads the file sees them
    /// already; one that holds records keeps them.
    fn appended(&mut self, _records: Vec<EventRecord>) {}
}

/// Records held in memory (tests, benches, a log given whole); `records[i]` has seq `i + 1`.
#[derive(Debug, Default, Clone)]
pub struct Records(Vec<EventRecord>);

impl From<Vec<EventRecord>> for Records {
    fn from(v: Vec<EventRecord>) -> Self {
        Self(v)
    }
}

impl EventSource for Records {
    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        let start = from.index().saturating_sub(1).min(self.0.len());
        let end = to.index().min(self.0.len()).max(start);
        Ok(self.0[start..end].to_vec())
    }

    fn appended(&mut self, records: Vec<EventRecord>) {
        for r in records {
            if r.seq.index() == self.0.len() + 1 {
                self.0.push(r);
            }
        }
    }
}

#[derive(Default)]
struct Cache {
    pages: HashMap<u64, Arc<Vec<EventRecord>>>,
    order: VecDeque<u64>,
}

/// A source and the pages last read from it.
pub(super) struct Pages {
    source: Box<dyn EventSource>,
    cache: RefCell<Cache>,
    error: RefCell<Option<String>>,
}

impl Pages {
    pub(super) fn new(source: Box<dyn EventSource>) -> Self {
        Self {
            source,
            cache: RefCell::new(Cache::default()),
            error: RefCell::new(None),
        }
    }

    pub(super) fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        self.source.range(from, to)
    }

    fn page(&self, p: u64, head: Seq) -> Option<Arc<Vec<EventRecord>>> {
        if let Some(page) = self.cache.borrow().pages.get(&p) {
            return Some(page.clone());
        }
        let from = Seq(p * PAGE + 1);
        let to = Seq(((p + 1) * PAGE).min(head.0));
        match self.source.range(from, to) {
            Ok(records) => {
                let page = Arc::new(records);
                let mut cache = self.cache.borrow_mut();
                cache.pages.insert(p, page.clone());
                cache.order.push_back(p);
                while cache.order.len() > KEEP {
                    if let Some(old) = cache.order.pop_front() {
                        cache.pages.remove(&old);
                    }
                }
                Some(page)
            }
            Err(e) => {
                *self.error.borrow_mut() = Some(format!("reading events {from}..{to}: {e}"));
                None
            }
        }
    }

    pub(super) fn get(&self, seq: Seq, head: Seq) -> Option<EventRecord> {
        let i = seq.0.checked_sub(1)?;
        let page = self.page(i / PAGE, head)?;
        let r = page.get(usize::try_from(i % PAGE).ok()?)?;
        (r.seq == seq).then(|| r.clone())
    }

    /// The records of ascending seqs (a chain), read a page at a time.
    pub(super) fn chain(&self, seqs: &[Seq], head: Seq) -> Vec<EventRecord> {
        seqs.iter().filter_map(|s| self.get(*s, head)).collect()
    }

    /// Every record up to head, in order, without caching.
    pub(super) fn scan(&self, head: Seq) -> impl Iterator<Item = EventRecord> + '_ {
        let mut from = 1u64;
        std::iter::from_fn(move || {
            if from > head.0 {
                return None;
            }
            let to = (from + 4 * PAGE - 1).min(head.0);
            let records = match self.source.range(Seq(from), Seq(to)) {
                Ok(r) => r,
                Err(e) => {
                    *self.error.borrow_mut() = Some(e.to_string());
                    Vec::new()
                }
            };
            from = to + 1;
            Some(records)
        })
        .flatten()
    }

    /// A new record: the page it falls in is read again next time.
    pub(super) fn appended(&mut self, record: EventRecord) {
        let p = record.seq.0.saturating_sub(1) / PAGE;
        let cache = self.cache.get_mut();
        if cache.pages.remove(&p).is_some() {
            cache.order.retain(|k| *k != p);
        }
        self.source.appended(vec![record]);
    }

    pub(super) fn error(&self) -> Option<String> {
        self.error.borrow().clone()
    }
}

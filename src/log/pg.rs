//! The PostgreSQL event store: many people's logs in one database, each person's rows keyed by
//! a `person` column, selected by `postgres://user@host/db?person=NAME`.
//!
//! The tables keep the SQLite log's shape, `(seq, parent, kind, version, body)` with the codec's
//! JSON bodies, and its rules: a step is one transaction, a rollback appends (never deletes),
//! and a writer whose head moved under it writes nothing ([`Error::LogMoved`]). Writers to one
//! person are serialised by a transaction-scoped advisory lock on that person; other people's
//! writers do not wait. Migrations are numbered in `rgmem_schema_version` ([`schema`]).
//!
//! As in a file, a step that crosses an interval boundary also stores a checkpoint of the folded
//! memory ([`checkpoints`]), so a seek folds at most about one interval of events. L2's keyword
//! index, which a file keeps in its own tables, is built in memory on the first question.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::{EventStore, SourceMark, StoredMark, now, redact};
use crate::error::{Error, Result};
use crate::event::{self, Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;
use postgres::{Client, Config, NoTls, Statement};
use rusqlite::Connection;
use std::cell::{OnceCell, RefCell};
use std::collections::BTreeSet;

mod checkpoints;
mod errors;
mod schema;
use errors::{connect_error, query_error};

/// One person's log in a PostgreSQL database.
pub struct PgLog {
    /// In a cell: the driver queries through `&mut`, and reads are `&self` in [`EventStore`].
    client: RefCell<Client>,
    /// The URL as given (with any password), for a reader's second connection; never shown.
    url: String,
    /// The URL without its password, for messages.
    shown: String,
    person: String,
    /// `parents[seq]` is the parent of `seq`; index 0 is the empty root.
    parents: Vec<Seq>,
    /// What every step and every refresh runs, prepared once on this connection.
    statements: Statements,
    /// The seqs that hold a checkpoint.
    checkpoints: BTreeSet<Seq>,
    /// Events between checkpoints.
    interval: u64,
    /// The last checkpoint written or read, which the next one refers to for what is unchanged.
    base: RefCell<Option<super::checkpoint::Base>>,
    /// L2's keyword index, in memory, made on the first question (see
    /// [`EventStore::keyword_index`]).
    keywords: OnceCell<Connection>,
}

impl PgLog {
    /// Connects to `url` (`postgres://user[:password]@host[:port]/db?person=NAME`), brings the
    /// schema up to date and reads the person's history tree.
    pub fn open(url: &str) -> Result<Self> {
        let (conninfo, person) = split_person(url);
        let shown = redact(url);
        let person = person.ok_or_else(|| {
            Error::Postgres(format!(
                "{shown} names no person: add ?person=NAME to select whose memory"
            ))
        })?;
        let config: Config = conninfo
            .parse()
            .map_err(|e| Error::Postgres(format!("{shown} is not a PostgreSQL URL: {e}")))?;
        let mut client = config.connect(NoTls).map_err(|e| connect_error(&shown, &e))?;
        schema::migrate(&mut client, &shown)?;
        let statements = Statements::prepare(&mut client).map_err(|e| query_error(&shown, &e))?;
        let mut log = Self {
            client: RefCell::new(client),
            statements,
            url: url.to_string(),
            shown,
            person,
            parents: vec![Seq(0)],
            checkpoints: BTreeSet::new(),
            interval: super::CHECKPOINT_INTERVAL,
            base: RefCell::new(None),
            keywords: OnceCell::new(),
        };
        log.refresh()?;
        Ok(log)
    }

    /// The person whose log this is.
    #[must_use]
    pub fn person(&self) -> &str {
        &self.person
    }

    fn fail(&self, e: &postgres::Error) -> Error {
        query_error(&self.shown, e)
    }

    /// Like [`PgLog::open`], checkpointing every `interval` events (at least 1); tests use a
    /// small one so seeks cross many checkpoints.
    pub fn open_with(url: &str, interval: u64) -> Result<Self> {
        let mut log = Self::open(url)?;
        log.interval = interval.max(1);
        Ok(log)
    }

    /// The seqs that hold a checkpoint, ascending.
    pub fn checkpoints(&self) -> impl Iterator<Item = Seq> + '_ {
        self.checkpoints.iter().copied()
    }
}

impl EventStore for PgLog {
    fn location(&self) -> String {
        format!("{} (person {})", self.shown, self.person)
    }

    fn parents(&self) -> &[Seq] {
        &self.parents
    }

    fn refresh(&mut self) -> Result<bool> {
        let before = self.parents.len();
        let rows = self
            .client
            .borrow_mut()
            .query(&self.statements.parents, &[&self.person, &to_i64(self.head())])
            .map_err(|e| query_error(&self.shown, &e))?;
        for row in rows {
            let seq: i64 = row.try_get(0).map_err(|e| self.fail(&e))?;
            let parent: i64 = row.try_get(1).map_err(|e| self.fail(&e))?;
            super::store::push_parent(&mut self.parents, seq, parent)?;
        }
        if self.parents.len() == before {
            return Ok(false);
        }
        let from = i64::try_from(before.saturating_sub(1)).unwrap_or(i64::MAX);
        let rows = self
            .client
            .borrow_mut()
            .query(
                "SELECT seq FROM rgmem_checkpoints WHERE person = $1 AND seq > $2 AND seq <= $3",
                &[&self.person, &from, &to_i64(self.head())],
            )
            .map_err(|e| query_error(&self.shown, &e))?;
        for row in rows {
            let seq = to_seq(row.try_get(0).map_err(|e| self.fail(&e))?)?;
            self.checkpoints.insert(seq);
        }
        Ok(self.parents.len() != before)
    }

    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        let rows = self
            .client
            .borrow_mut()
            .query(
                "SELECT seq, parent, kind, version, body FROM rgmem_events
                 WHERE person = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq",
                &[&self.person, &to_i64(from), &to_i64(to)],
            )
            .map_err(|e| self.fail(&e))?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i64 = row.try_get(0).map_err(|e| self.fail(&e))?;
            let parent: i64 = row.try_get(1).map_err(|e| self.fail(&e))?;
            let kind: &str = row.try_get(2).map_err(|e| self.fail(&e))?;
            let version: i32 = row.try_get(3).map_err(|e| self.fail(&e))?;
            let body: &str = row.try_get(4).map_err(|e| self.fail(&e))?;
            let seq = Seq(u64::try_from(seq).unwrap_or(0));
            let version = u32::try_from(version).map_err(|e| Error::Codec(format!("{seq}: {e}")))?;
            let event = event::decode(kind, version, body).map_err(|e| Error::Codec(format!("{seq}: {e}")))?;
            out.push(EventRecord {
                seq,
                parent: Seq(u64::try_from(parent).unwrap_or(0)),
                event,
            });
        }
        Ok(out)
    }

    fn memory_at(&self, seq: Seq) -> Result<Memory> {
        super::store::seek(self, seq, |s| self.checkpoints.contains(&s), |s| self.checkpoint(s))
    }

    fn append_marked(
        &mut self,
        events: Vec<Event>,
        memory_after: &Memory,
        mark: Option<SourceMark<'_>>,
    ) -> Result<Vec<EventRecord>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let start = self.head();
        let shown = self.shown.clone();
        let fail = |e: postgres::Error| query_error(&shown, &e);
        let logged_at = now();
        let location = self.location();
        let person = self.person.clone();
        let client = self.client.get_mut();
        let mut tx = client.transaction().map_err(fail)?;
        tx.execute(&self.statements.lock, &[&person]).map_err(fail)?;
        let stored: i64 = tx
            .query_one(&self.statements.stored, &[&person])
            .and_then(|r| r.try_get(0))
            .map_err(fail)?;
        if stored != to_i64(start) {
            return Err(Error::LogMoved { path: location });
        }
        let mut records = Vec::with_capacity(events.len());
        let mut rows = Rows::default();
        let mut prev = start;
        for e in events {
            let seq = Seq(prev
                .0
                .checked_add(1)
                .ok_or_else(|| Error::Codec("the log is full".into()))?);
            let parent = match e {
                Event::RolledBack { to } => to,
                _ => prev,
            };
            let (kind, version, body) = event::encode(&e)?;
            let version = i32::try_from(version).map_err(|_| Error::Codec(format!("{seq}: version {version}")))?;
            rows.seqs.push(to_i64(seq));
            rows.parents.push(to_i64(parent));
            rows.kinds.push(kind.to_string());
            rows.versions.push(version);
            rows.bodies.push(body);
            records.push(EventRecord { seq, parent, event: e });
            prev = seq;
        }
        tx.execute(
            &self.statements.insert,
            &[
                &person,
                &rows.seqs,
                &rows.parents,
                &rows.kinds,
                &rows.versions,
                &rows.bodies,
                &logged_at,
            ],
        )
        .map_err(fail)?;
        if let Some(mark) = mark {
            tx.execute(
                "INSERT INTO rgmem_replayed (person, seq, source, position) VALUES ($1, $2, $3, $4)",
                &[&person, &to_i64(prev), &mark.source, &i64::from(mark.position)],
            )
            .map_err(fail)?;
        }
        let checkpoint = if prev.0.checked_div(self.interval) > start.0.checked_div(self.interval) {
            let base = self.base.get_mut().as_ref();
            Some(checkpoints::write(&mut tx, &person, prev, memory_after, base, &fail)?)
        } else {
            None
        };
        tx.commit().map_err(fail)?;
        self.parents.extend(records.iter().map(|r| r.parent));
        if let Some(base) = checkpoint {
            self.checkpoints.insert(prev);
            *self.base.get_mut() = Some(base);
        }
        Ok(records)
    }

    fn replayed(&self, source: &str) -> Result<Option<u32>> {
        let rows = self
            .client
            .borrow_mut()
            .query(
                "SELECT seq, position FROM rgmem_replayed WHERE person = $1 AND source = $2 ORDER BY seq DESC",
                &[&self.person, &source],
            )
            .map_err(|e| self.fail(&e))?;
        for row in rows {
            let seq: i64 = row.try_get(0).map_err(|e| self.fail(&e))?;
            let position: i64 = row.try_get(1).map_err(|e| self.fail(&e))?;
            if self.is_ancestor(Seq(u64::try_from(seq).unwrap_or(0)), self.head()) {
                let position =
                    u32::try_from(position).map_err(|e| Error::Codec(format!("replayed position {position}: {e}")))?;
                return Ok(Some(position));
            }
        }
        Ok(None)
    }

    fn marks(&self) -> Result<Vec<StoredMark>> {
        let rows = self
            .client
            .borrow_mut()
            .query(
                "SELECT seq, source, position FROM rgmem_replayed WHERE person = $1 ORDER BY seq",
                &[&self.person],
            )
            .map_err(|e| self.fail(&e))?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i64 = row.try_get(0).map_err(|e| self.fail(&e))?;
            let source: String = row.try_get(1).map_err(|e| self.fail(&e))?;
            let position: i64 = row.try_get(2).map_err(|e| self.fail(&e))?;
            out.push(StoredMark {
                seq: to_seq(seq)?,
                source,
                position: u32::try_from(position)
                    .map_err(|e| Error::Codec(format!("replayed position {position}: {e}")))?,
            });
        }
        Ok(out)
    }

    fn seqs_of_kind(&self, kind: &str) -> Result<Vec<Seq>> {
        let rows = self
            .client
            .borrow_mut()
            .query(
                "SELECT seq FROM rgmem_events WHERE person = $1 AND kind = $2 ORDER BY seq",
                &[&self.person, &kind],
            )
            .map_err(|e| self.fail(&e))?;
        rows.iter()
            .map(|row| row.try_get::<_, i64>(0).map_err(|e| self.fail(&e)).and_then(to_seq))
            .collect()
    }

    fn last_checkpoint(&self) -> Option<(Seq, Memory)> {
        self.base.borrow().as_ref().map(|b| (b.seq(), b.memory().clone()))
    }

    fn open_reader(&self) -> Result<Box<dyn EventStore + Send>> {
        Ok(Box::new(Self::open(&self.url)?))
    }

    fn keyword_index(&self) -> Result<&Connection> {
        if let Some(conn) = self.keywords.get() {
            return Ok(conn);
        }
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(super::schema::KEYWORD_INDEX)?;
        Ok(self.keywords.get_or_init(|| conn))
    }
}

/// The statements every step and every refresh runs, prepared once per connection, so the
/// server parses and plans them once rather than on every step.
struct Statements {
    lock: Statement,
    stored: Statement,
    insert: Statement,
    parents: Statement,
}

impl Statements {
    fn prepare(client: &mut Client) -> std::result::Result<Self, postgres::Error> {
        Ok(Self {
            // Writers to one person queue here, for the rest of their transaction.
            lock: client.prepare("SELECT pg_advisory_xact_lock(hashtext($1))")?,
            stored: client.prepare("SELECT COALESCE(MAX(seq), 0) FROM rgmem_events WHERE person = $1")?,
            // A step's rows in one statement: a round trip per step, not one per event.
            insert: client.prepare(
                "INSERT INTO rgmem_events (person, seq, parent, kind, version, body, logged_at)
                 SELECT $1, s, p, k, v, b, $7
                 FROM UNNEST($2::BIGINT[], $3::BIGINT[], $4::TEXT[], $5::INTEGER[], $6::TEXT[]) AS u (s, p, k, v, b)",
            )?,
            parents: client
                .prepare("SELECT seq, parent FROM rgmem_events WHERE person = $1 AND seq > $2 ORDER BY seq")?,
        })
    }
}

/// A step's rows as columns, for one `UNNEST` insert.
#[derive(Default)]
struct Rows {
    seqs: Vec<i64>,
    parents: Vec<i64>,
    kinds: Vec<String>,
    versions: Vec<i32>,
    bodies: Vec<String>,
}

/// `url` without its `person=` query parameter (the driver refuses parameters it does not
/// know), and the person it named.
fn split_person(url: &str) -> (String, Option<String>) {
    let Some((base, query)) = url.split_once('?') else {
        return (url.to_string(), None);
    };
    let mut person = None;
    let rest: Vec<&str> = query
        .split('&')
        .filter(|pair| match pair.strip_prefix("person=") {
            Some(name) => {
                person = Some(name.to_string()).filter(|n| !n.is_empty());
                false
            }
            None => !pair.is_empty(),
        })
        .collect();
    let conninfo = if rest.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", rest.join("&"))
    };
    (conninfo, person)
}

fn to_i64(seq: Seq) -> i64 {
    i64::try_from(seq.0).unwrap_or(i64::MAX)
}

fn to_seq(seq: i64) -> Result<Seq> {
    super::queries::to_seq(seq)
}

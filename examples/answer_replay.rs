//! Answerer replay: re-answers every question of an `eval locomo --json --contexts` report with
//! the offline answerer over the contexts the report holds, and prints the official F1 per
//! system, split and category, and "not mentioned" as a category-5 detector. Tuning the
//! answerer then takes a rebuild of the answerer and a second, not a whole eval.
//!
//! Run:
//! ```text
//! rgmem eval locomo D --budget 500 --json --contexts --work-dir /tmp/w500 > r500.json
//! cargo run --release --example answer_replay -- r500.json /tmp/w500 [--held-out conv-48]
//!     [--show changed|wrong|declined|missed] [--category N] [--system rgmem] [--limit N]
//! ```
//! The memory files in the eval's `--work-dir` give whom each question is about, as in the eval.
//! `--show changed` lists the questions whose answer differs from the report's; `wrong` the
//! answerable ones scored below 0.5; `declined` the answerable ones answered "not mentioned";
//! `missed` the category-5 ones answered.

use anyhow::{Context, Result, bail};
use rgmem::Engine;
use rgmem::eval::benchmark::memory_file;
use rgmem::eval::metrics::{official_score, says_not_mentioned};
use rgmem::log::Log;
use rgmem::model::AnswerContext;
use rgmem::retrieval::person_in;
use rgmem::rules::OfflineModel;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The systems whose contexts the offline answerer reads in an eval.
const SYSTEMS: [&str; 3] = ["rgmem", "segment_bm25", "flat_bm25"];

struct Args {
    report: PathBuf,
    work_dir: PathBuf,
    held_out: Vec<String>,
    show: Option<String>,
    category: Option<u8>,
    system: String,
    limit: usize,
}

fn args() -> Result<Args> {
    let mut it = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut a = Args {
        report: PathBuf::new(),
        work_dir: PathBuf::new(),
        held_out: vec!["conv-48".into()],
        show: None,
        category: None,
        system: "rgmem".into(),
        limit: 40,
    };
    while let Some(arg) = it.next() {
        let mut value = || it.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--held-out" => a.held_out = value()?.split(',').map(str::to_string).collect(),
            "--show" => a.show = Some(value()?),
            "--category" => a.category = Some(value()?.parse().context("--category")?),
            "--system" => a.system = value()?,
            "--limit" => a.limit = value()?.parse().context("--limit")?,
            _ => positional.push(arg),
        }
    }
    let [report, work_dir] = positional.as_slice() else {
        bail!("usage: answer_replay REPORT.json WORK_DIR [--held-out IDS] [--show changed|wrong|declined|missed]");
    };
    a.report = report.into();
    a.work_dir = work_dir.into();
    Ok(a)
}

/// One system's replayed answer to one question.
struct Replayed {
    conversation: String,
    category: u8,
    f1: f64,
    declined: bool,
}

#[derive(Default)]
struct Tally {
    f1: BTreeMap<u8, (f64, usize)>,
    /// Category 5: declined, total; answerable: declined, total.
    cat5: (usize, usize),
    answerable: (usize, usize),
}

impl Tally {
    fn add(&mut self, r: &Replayed) {
        let e = self.f1.entry(r.category).or_default();
        e.0 += r.f1;
        e.1 += 1;
        let d = if r.category == 5 {
            &mut self.cat5
        } else {
            &mut self.answerable
        };
        d.0 += usize::from(r.declined);
        d.1 += 1;
    }

    fn line(&self) -> String {
        let pct = |(s, n): (f64, usize)| if n == 0 { 0.0 } else { 100.0 * s / n as f64 };
        let share = |(k, n): (usize, usize)| pct((k as f64, n));
        let answerable = self
            .f1
            .iter()
            .filter(|(c, _)| **c != 5)
            .fold((0.0, 0), |(s, n), (_, (cs, cn))| (s + cs, n + cn));
        let cats: Vec<String> = (1..=4u8)
            .map(|c| format!("{:5.1}", pct(self.f1.get(&c).copied().unwrap_or_default())))
            .collect();
        // Precision of "not mentioned": the share of all declines that were category-5 questions.
        let declines = self.cat5.0 + self.answerable.0;
        let precision = share((self.cat5.0, declines));
        format!(
            "{:5.1} | {} | {:5.1} / {:4.1} (P {:4.1})",
            pct(answerable),
            cats.join(" "),
            share(self.cat5),
            share(self.answerable),
            precision
        )
    }
}

fn main() -> Result<()> {
    let a = args()?;
    let text = std::fs::read_to_string(&a.report).with_context(|| format!("reading {}", a.report.display()))?;
    let report: Value = serde_json::from_str(&text).with_context(|| format!("parsing {}", a.report.display()))?;
    let questions = report["questions"]
        .as_array()
        .context("the report has no `questions`")?;
    let mut engines: BTreeMap<String, Engine> = BTreeMap::new();
    let mut tallies: BTreeMap<(String, &str), Tally> = BTreeMap::new();
    let mut shown = 0usize;
    let mut unchanged = (0usize, 0usize);
    for q in questions {
        let id = q["id"].as_str().unwrap_or_default();
        let conversation = id.split('/').next().unwrap_or_default().to_string();
        let question = q["question"].as_str().unwrap_or_default();
        let gold = match &q["gold"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let category = q["category"].as_u64().and_then(|c| u8::try_from(c).ok()).unwrap_or(0);
        if !engines.contains_key(&conversation) {
            let path = a.work_dir.join(memory_file(&conversation));
            let log = Log::open(&path).with_context(|| format!("opening {}", path.display()))?;
            let engine = Engine::open(log, Box::new(OfflineModel)).with_context(|| format!("{}", path.display()))?;
            engines.insert(conversation.clone(), engine);
        }
        let Some(engine) = engines.get_mut(&conversation) else {
            continue;
        };
        let memory = engine.memory();
        let person = person_in(memory, question)
            .unwrap_or_else(|| memory.roots().map(|r| r.name.clone()).collect::<Vec<_>>().join(" and "));
        for system in SYSTEMS {
            let r = &q["systems"][system];
            let Some(context) = r["context"].as_str() else {
                continue;
            };
            // A report keeps contexts as text: read back into items, its turns carry no speaker
            // and are read from their lines.
            let context = AnswerContext::from_rendered(context);
            let (answer, support) =
                engine.answer_from(question, &person, context, false, &mut |_| {}, &mut Vec::new())?;
            let replayed = Replayed {
                conversation: conversation.clone(),
                category,
                f1: official_score(&answer, &gold, category),
                declined: says_not_mentioned(&answer),
            };
            let before = r["answer"].as_str().unwrap_or_default();
            unchanged.1 += 1;
            unchanged.0 += usize::from(before == answer);
            let split = if a.held_out.contains(&replayed.conversation) {
                "held-out"
            } else {
                "tune"
            };
            for s in [split, "dev"] {
                tallies.entry((system.to_string(), s)).or_default().add(&replayed);
            }
            if system != a.system || a.category.is_some_and(|c| c != category) || shown >= a.limit {
                continue;
            }
            let show = match a.show.as_deref() {
                Some("changed") => before != answer,
                Some("wrong") => category != 5 && replayed.f1 < 0.5,
                Some("declined") => category != 5 && replayed.declined,
                Some("missed") => category == 5 && !replayed.declined,
                _ => false,
            };
            if show {
                shown += 1;
                println!(
                    "{id} [cat {category}] {question}\n  gold: {gold}\n  was:  {before}\n  now:  {answer} (F1 {:.2})\n  from: {}\n",
                    replayed.f1,
                    support.as_deref().unwrap_or("-")
                );
            }
        }
    }
    println!("system        split    | F1 1-4 | cat 1 cat 2 cat 3 cat 4 | cat-5 R / A (precision)");
    for system in SYSTEMS {
        for split in ["tune", "held-out", "dev"] {
            if let Some(t) = tallies.get(&(system.to_string(), split)) {
                println!("{system:<13} {split:<8} | {}", t.line());
            }
        }
    }
    println!("{} of {} answers as in the report", unchanged.0, unchanged.1);
    Ok(())
}

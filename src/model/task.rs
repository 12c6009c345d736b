//! The structured inputs of every model task, and how each renders into its prompt.

use super::context::AnswerContext;
use super::prompts::render;
use super::schema::OutputMode;
use crate::event::{Delta, Purpose, RelationSummary, Sigma};
use crate::time::Timestamp;

/// The kind of an evidence line in RK1/RK2 prompts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvidenceKind {
    /// A conclusion about the person.
    Conclusion,
    /// A raw mention: the label an episode gave a relation (the prompt's "[Raw Event]").
    Mention,
    /// An RK1 summary.
    Inference,
}

/// One line of evidence handed to RK1 or RK2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvidenceItem {
    /// Its kind.
    pub kind: EvidenceKind,
    /// The facet (relation target) it is about.
    pub facet: String,
    /// Its text.
    pub text: String,
    /// A salient conclusion (change, restriction, reason).
    pub salient: bool,
    /// When it was observed.
    pub time: Option<Timestamp>,
}

/// A child's Σ/Δ handed to RK3.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChildSummary {
    /// Child name.
    pub name: String,
    /// Its Σ.
    pub sigma: Sigma,
    /// Its Δ.
    pub delta: Delta,
}

/// Everything the engine asks of a model.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// f_synth: one segment → one episodic unit about `person`.
    Synth {
        /// The person's display name.
        person: String,
        /// The speaker label of the person's turns.
        speaker: String,
        /// Time of the segment.
        time: Option<Timestamp>,
        /// (speaker, text) lines.
        lines: Vec<(String, String)>,
    },
    /// EXTRACT ENTITIES.
    Entities {
        /// The person.
        person: String,
        /// The unit's fact.
        fact: String,
        /// Its conclusions (text, salient).
        conclusions: Vec<(String, bool)>,
        /// The person's own words in the segment (the offline model reads names from them).
        source_text: String,
        /// What an assistant replied in the segment: not the person's, but it shows what the
        /// exchange is about (a program's "operation", not surgery). No prompt shows it.
        replies: String,
    },
    /// EXTRACT RELATIONS.
    Relations {
        /// The person.
        person: String,
        /// The unit's fact.
        fact: String,
        /// Its conclusions.
        conclusions: Vec<(String, bool)>,
        /// The paths from EXTRACT ENTITIES, as JSON.
        paths_json: String,
        /// The paths, parsed.
        paths: Vec<Vec<super::parse::PathNode>>,
        /// The person's own words.
        source_text: String,
        /// What an assistant replied in the segment (as for `Entities`).
        replies: String,
        /// Segment date.
        time: Option<Timestamp>,
    },
    /// RK1 on one relation.
    Rk1 {
        /// The tracked person the relation belongs to (their root's name).
        person: String,
        /// Source name.
        source: String,
        /// Target name.
        target: String,
        /// New evidence since the last RK1.
        evidence: Vec<EvidenceItem>,
        /// The previous summary (empty on initialisation).
        previous: RelationSummary,
    },
    /// RK2 on one concept.
    Rk2 {
        /// The tracked person the concept belongs to.
        person: String,
        /// Concept name.
        concept: String,
        /// Previous Σ.
        sigma: Sigma,
        /// Previous Δ.
        delta: Delta,
        /// New evidence.
        evidence: Vec<EvidenceItem>,
    },
    /// RK3 on one parent.
    Rk3 {
        /// The tracked person the concept belongs to.
        person: String,
        /// Parent name.
        concept: String,
        /// The microstates: the parent's own RK2 profile (if any) and its children's.
        children: Vec<ChildSummary>,
        /// Every child concept's name, summarised or not: words a portrait may use.
        subconcepts: Vec<String>,
    },
    /// The L2 query planner.
    Plan {
        /// The question.
        question: String,
    },
    /// Answer a question from a context.
    Answer {
        /// The person.
        person: String,
        /// The assembled context, as data; its text is [`AnswerContext::render`].
        context: AnswerContext,
        /// The question.
        question: String,
    },
    /// Judge an answer against gold.
    Judge {
        /// The question.
        question: String,
        /// Gold answer.
        gold: String,
        /// Generated answer.
        answer: String,
    },
    /// Ask again, quoting the parse error.
    Repair {
        /// The original task.
        original: Box<Task>,
        /// The unparseable reply.
        reply: String,
        /// The parse error.
        error: String,
    },
}

impl Task {
    /// What the call is for.
    #[must_use]
    pub fn purpose(&self) -> Purpose {
        match self {
            Self::Synth { .. } => Purpose::Synth,
            Self::Entities { .. } => Purpose::Entities,
            Self::Relations { .. } => Purpose::Relations,
            Self::Rk1 { .. } => Purpose::Rk1,
            Self::Rk2 { .. } => Purpose::Rk2,
            Self::Rk3 { .. } => Purpose::Rk3,
            Self::Plan { .. } => Purpose::Planner,
            Self::Answer { .. } => Purpose::Answer,
            Self::Judge { .. } => Purpose::Judge,
            Self::Repair { .. } => Purpose::Repair,
        }
    }

    /// The prompt an LLM sees, asking for the paper's text formats.
    #[must_use]
    pub fn render(&self) -> String {
        self.render_for(OutputMode::Text)
    }

    /// The prompt an LLM sees, asking for replies in `mode`.
    #[must_use]
    pub fn render_for(&self, mode: OutputMode) -> String {
        let p = self.purpose();
        let render = |p: Purpose, vars: &[(&str, &str)]| render(p, mode, vars);
        match self {
            Self::Synth {
                person, time, lines, ..
            } => {
                let segment: Vec<String> = lines.iter().map(|(s, t)| format!("{s}: {t}")).collect();
                let date = time.map_or_else(|| "unknown".to_string(), |t| t.date());
                render(
                    p,
                    &[("person", person), ("date", &date), ("segment", &segment.join("\n"))],
                )
            }
            Self::Entities {
                person,
                fact,
                conclusions,
                ..
            } => render(p, &[("person", person), ("unit", &unit_text(fact, conclusions))]),
            Self::Relations {
                person,
                fact,
                conclusions,
                paths_json,
                paths,
                ..
            } => render(
                p,
                &[
                    ("person", person),
                    ("unit", &unit_text(fact, conclusions)),
                    ("paths", paths_json),
                    ("edges", &event_edges(paths)),
                ],
            ),
            Self::Rk1 {
                person,
                source,
                target,
                evidence,
                previous,
            } => {
                let previous = previous.render();
                let prev = if previous.is_empty() { "(none)" } else { &previous };
                render(
                    p,
                    &[
                        ("person", person),
                        ("source", source),
                        ("target", target),
                        ("evidence", &evidence_lines(evidence)),
                        ("previous", prev),
                    ],
                )
            }
            Self::Rk2 {
                person,
                concept,
                sigma,
                delta,
                evidence,
            } => {
                let previous = if sigma.is_empty() && delta.is_empty() {
                    "(none)".to_string()
                } else {
                    format!("# General Core Facts\n{sigma}\n# Specific Domain Facts\n{delta}")
                };
                render(
                    p,
                    &[
                        ("person", person),
                        ("concept", concept),
                        ("previous", &previous),
                        ("evidence", &facet_blocks(evidence)),
                    ],
                )
            }
            Self::Rk3 {
                person,
                concept,
                children,
                ..
            } => {
                let blocks: Vec<String> = children
                    .iter()
                    .map(|c| {
                        format!("[Updated Sub-Summary: {}]\n{}\n{}", c.name, c.sigma, c.delta)
                            .trim_end()
                            .to_string()
                    })
                    .collect();
                render(
                    p,
                    &[
                        ("person", person),
                        ("concept", concept),
                        ("children", &blocks.join("\n\n")),
                    ],
                )
            }
            Self::Plan { question } => render(p, &[("question", question)]),
            Self::Answer {
                person,
                context,
                question,
            } => render(
                p,
                &[
                    ("person", person),
                    ("context", &context.render()),
                    ("question", question),
                ],
            ),
            Self::Judge { question, gold, answer } => {
                render(p, &[("question", question), ("gold", gold), ("answer", answer)])
            }
            Self::Repair { original, reply, error } => render(
                p,
                &[
                    ("error", error),
                    ("reply", reply),
                    ("format", original.format_hint(mode)),
                ],
            ),
        }
    }

    /// Everything the task gives a model to work from (no instructions): what a grounded reply
    /// may name.
    #[must_use]
    pub fn input_text(&self) -> String {
        let evidence = |ev: &[EvidenceItem]| {
            ev.iter()
                .map(|e| format!("{} {}", e.facet, e.text))
                .collect::<Vec<_>>()
                .join("\n")
        };
        match self {
            Self::Synth { person, lines, .. } => {
                let mut s = person.clone();
                for (speaker, text) in lines {
                    s.push_str(&format!("\n{speaker}: {text}"));
                }
                s
            }
            Self::Entities {
                person,
                fact,
                conclusions,
                ..
            } => format!("{person}\n{}", unit_text(fact, conclusions)),
            Self::Relations {
                person,
                fact,
                conclusions,
                paths_json,
                ..
            } => format!("{person}\n{}\n{paths_json}", unit_text(fact, conclusions)),
            Self::Rk1 {
                person,
                source,
                target,
                evidence: ev,
                previous,
            } => format!("{person}\n{source}\n{target}\n{}\n{previous}", evidence(ev)),
            Self::Rk2 {
                person,
                concept,
                sigma,
                delta,
                evidence: ev,
            } => format!("{person}\n{concept}\n{sigma}\n{delta}\n{}", evidence(ev)),
            Self::Rk3 {
                person,
                concept,
                children,
                subconcepts,
            } => {
                let mut s = format!("{person}\n{concept}");
                for c in children {
                    s.push_str(&format!("\n{}\n{}\n{}", c.name, c.sigma, c.delta));
                }
                for name in subconcepts {
                    s.push('\n');
                    s.push_str(name);
                }
                s
            }
            Self::Plan { question } => question.clone(),
            Self::Answer {
                person,
                context,
                question,
            } => format!("{person}\n{}\n{question}", context.render()),
            Self::Judge { question, gold, answer } => format!("{question}\n{gold}\n{answer}"),
            Self::Repair { original, .. } => original.input_text(),
        }
    }

    /// The expected output format, quoted in repair requests.
    #[must_use]
    pub fn format_hint(&self, mode: OutputMode) -> &'static str {
        if mode == OutputMode::JsonSchema {
            return match self.purpose() {
                Purpose::Synth => {
                    "{\"fact\": \"<sentence>\", \"base_conclusions\": [\"<sentence>\"], \"salient_conclusions\": [\"<sentence>\"]}"
                }
                Purpose::Entities => {
                    "{\"paths\": [{\"base\": \"<base node>\", \"folder\": \"<sub-concept or empty>\", \"activity\": \"<activity>\", \"instance\": \"<happening or empty>\"}]}"
                }
                Purpose::Relations => {
                    "{\"relations\": [{\"source\": ..., \"target\": ..., \"relationship\": \"<event snapshot>\"}]}"
                }
                Purpose::Rk1 => "{\"fact_summary\": \"<paragraph>\", \"inferences\": [\"<inference>\"]}",
                Purpose::Rk2 => {
                    "{\"general_core_facts\": [\"<fact>\"], \"specific_domain_facts\": [{\"label\": \"<label>\", \"facts\": [\"<fact>\"]}]}"
                }
                Purpose::Rk3 => {
                    "{\"macro_law\": \"<sentence>\", \"core_traits\": [\"<trait>\"], \"restrictions_and_guidelines\": [\"<restriction>\"]}"
                }
                Purpose::Planner => {
                    "{\"keywords\": [{\"name\": ..., \"retrieve\": [\"summary\"|\"inference\"|\"conclusions\"|\"history\"]}]}"
                }
                Purpose::Judge => "{\"label\": \"CORRECT\"} or {\"label\": \"WRONG\"}",
                Purpose::Answer | Purpose::Repair | Purpose::Embed => "plain text",
            };
        }
        match self.purpose() {
            Purpose::Synth => {
                "Fact: <sentence>\nBase Conclusions:\n- <conclusion>\nSalient Conclusions:\n- <conclusion>"
            }
            Purpose::Entities => {
                "a JSON list of paths; each path a list of {\"name\": ..., \"type\": \"abstract\"|\"event\"} starting with the tracked person's name as {\"name\": <name>, \"type\": \"abstract\"}"
            }
            Purpose::Relations => {
                "a JSON list of {\"source\": ..., \"target\": ..., \"relationship\": ..., \"relationship_type\": \"classification\"|\"event\"}"
            }
            Purpose::Rk1 => "Fact Summary: <paragraph>\nActionable Inferences:\n- Inferred Trait/Interest: <inference>",
            Purpose::Rk2 => "# General Core Facts\n- <fact>\n# Specific Domain Facts\nRegarding <Label>:\n- <fact>",
            Purpose::Rk3 => {
                "# Macro-Law\n<sentence>\n# Core Traits\n- <trait>\n# Restrictions and Guidelines\n- <restriction>"
            }
            Purpose::Planner => {
                "a JSON list of {\"name\": ..., \"retrieve\": [\"summary\"|\"inference\"|\"conclusions\"|\"history\"]}"
            }
            Purpose::Judge => "{\"label\": \"CORRECT\"} or {\"label\": \"WRONG\"}",
            Purpose::Answer | Purpose::Repair | Purpose::Embed => "plain text",
        }
    }
}

/// The edges of the paths that touch an event, one `source -> target` line each, in path order
/// and once each: the edges a relation is built on, which a model has to label.
fn event_edges(paths: &[Vec<super::parse::PathNode>]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for path in paths {
        for pair in path.windows(2) {
            if pair.iter().any(super::parse::PathNode::is_concrete) {
                let line = format!("{} -> {}", pair[0].name.trim(), pair[1].name.trim());
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
    }
    if lines.is_empty() {
        "(none)".into()
    } else {
        lines.join("\n")
    }
}

fn unit_text(fact: &str, conclusions: &[(String, bool)]) -> String {
    let mut s = format!("Fact: {fact}");
    for (c, salient) in conclusions {
        s.push_str(if *salient {
            "\n[Salient Conclusion] "
        } else {
            "\n[Conclusion] "
        });
        s.push_str(c);
    }
    s
}

fn evidence_line(e: &EvidenceItem) -> String {
    let tag = match e.kind {
        // A change, injury or exception: RK2 files it under Δ, RK1 says how it changes the relation.
        EvidenceKind::Conclusion if e.salient => "[Salient Conclusion]",
        EvidenceKind::Conclusion => "[Conclusion]",
        EvidenceKind::Mention => "[Raw Event]",
        EvidenceKind::Inference => "[Inference]",
    };
    match e.time {
        Some(t) => format!("{tag} ({}) {}", t.date(), e.text),
        None => format!("{tag} {}", e.text),
    }
}

fn evidence_lines(evidence: &[EvidenceItem]) -> String {
    evidence.iter().map(evidence_line).collect::<Vec<_>>().join("\n")
}

/// RK2 evidence grouped into one block per facet, in first-seen order.
fn facet_blocks(evidence: &[EvidenceItem]) -> String {
    let mut order: Vec<&str> = Vec::new();
    for e in evidence {
        if !order.contains(&e.facet.as_str()) {
            order.push(&e.facet);
        }
    }
    order
        .iter()
        .map(|b| {
            let lines: Vec<String> = evidence.iter().filter(|e| e.facet == *b).map(evidence_line).collect();
            format!("[Inference about '{b}']\n{}", lines.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

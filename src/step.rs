//! One step: the in-progress transaction of events and model calls. It sits below `engine/`,
//! `ingest/` and `operators/`, which all work through it. Events are applied to the memory as
//! they are produced, so later decisions in the same step see earlier results, and the engine
//! commits the whole step at once.
//!
//! A step's model calls are its effects. A model that answers at once (the offline rules, a
//! recorded log) is asked inline. For one that waits on a server, the step reads replies the
//! driver already has ([`Replies`]); the first call without one suspends the step, which then
//! returns that call as its effect ([`Step::effect`]). The driver makes the call with no
//! memory borrowed, keeps the reply, and plans the step again from the start on a fresh copy:
//! planning is pure, so it takes the same path, and no recorded call is ever made twice.
//!
//! A step planned again because another process moved the log reads the replies of its earlier
//! plans too: a server's from [`Replies`], an inline model's from its [`Tape`]. So re-planning
//! never calls a model again for work it already answered (a recorded log hands out each
//! reply once, and a server bills each call).

use crate::event::{Event, FailureKind, OutputMode, Purpose};
use crate::memory::Memory;
use crate::model::parse::ParseError;
use crate::model::{Completion, Model, ModelError, ModelRequest, Task, grounding};
use std::collections::HashMap;

/// How the error of a failure opens when no reply parsed (its kind is `FailureKind::Parse`).
const PARSE_FAILURE_PREFIX: &str = "reply did not parse";

/// How the error of a failure opens when replies named what their input never did.
const GROUNDING_FAILURE_PREFIX: &str = "reply not grounded";

/// The temperature a repair request samples at.
pub const RETRY_TEMPERATURE: f32 = 0.7;

/// Why a call gave no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallFailure {
    /// No reply came (the server is down, timed out, or the repair request failed): the work
    /// waits for a later step.
    Unavailable,
    /// Replies came and were rejected, the first and its repair: asking again would get the
    /// same, so the caller goes on without this work.
    Rejected,
}

/// The replies a driver has made for a step, by request, and what the step needs to know of
/// the model without calling it.
#[derive(Debug, Clone)]
pub struct Replies {
    name: String,
    generative: bool,
    modes: HashMap<Purpose, OutputMode>,
    answered: HashMap<RequestKey, Result<Completion, ModelError>>,
}

/// What makes two requests the same call.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RequestKey {
    purpose: Purpose,
    mode: OutputMode,
    prompt: String,
    temperature: Option<u32>,
}

impl RequestKey {
    fn of(request: &ModelRequest) -> Self {
        Self {
            purpose: request.purpose,
            mode: request.mode,
            prompt: request.prompt.clone(),
            temperature: request.temperature.map(f32::to_bits),
        }
    }
}

/// What a suspended step needs from its driver.
#[derive(Debug, Clone)]
pub enum Effect {
    /// The reply format the model wants for a purpose (which may probe its server once).
    Mode(Purpose),
    /// A model call.
    Call(Box<ModelRequest>),
}

impl Replies {
    /// None yet, for `model`: its name and kind.
    pub fn new(model: &dyn Model) -> Self {
        Self {
            name: model.name(),
            generative: model.generative(),
            modes: HashMap::new(),
            answered: HashMap::new(),
        }
    }

    /// Keeps the reply format the model wants for a purpose.
    pub fn record_mode(&mut self, purpose: Purpose, mode: OutputMode) {
        self.modes.insert(purpose, mode);
    }

    /// Keeps the outcome of a call the driver made.
    pub fn record(&mut self, request: &ModelRequest, outcome: Result<Completion, ModelError>) {
        self.answered.insert(RequestKey::of(request), outcome);
    }

    /// Calls made so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.answered.len()
    }

    /// Whether no call was made yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.answered.is_empty()
    }
}

/// What an inline model answered in earlier plans of one step: the outcomes of each request
/// in the order the plan made it. A later plan's n-th request of a kind reads the n-th outcome
/// and asks the model only past the end, so a plan that takes the same path asks nothing, and
/// a model whose replies depend on how often it was asked (a recorded log) sees each call once.
#[derive(Debug, Default)]
pub struct Tape {
    /// Keyed with foldhash: a key is a whole prompt, hashed at every call.
    outcomes: HashMap<RequestKey, Taped, foldhash::fast::RandomState>,
    plan: u32, // the plan being made: one more each time a step starts on this tape
}

/// One request's outcomes on a tape, and how often the current plan made it.
#[derive(Debug, Default)]
struct Taped {
    outcomes: Vec<Result<Completion, ModelError>>,
    /// How often plan `plan` made the request (an older plan's count reads as 0).
    plan: u32,
    made: usize,
}

impl Tape {
    /// Calls the model made so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.outcomes.values().map(|t| t.outcomes.len()).sum()
    }

    /// Whether the model was not called yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.outcomes.values().all(|t| t.outcomes.is_empty())
    }
}

/// Where a step's replies come from.
enum Answers<'a> {
    /// A model whose calls never block, asked at once; with the tape of earlier plans, if any,
    /// and how often this plan made each request so far.
    Inline(&'a mut dyn Model, Option<&'a mut Tape>),
    /// Replies the driver already has.
    Recorded(&'a Replies),
}

/// The working state of one step.
pub struct Step<'a> {
    /// The memory, already reflecting every event of this step.
    pub memory: &'a mut Memory,
    answers: Answers<'a>,
    /// Events produced so far, in order.
    pub events: Vec<Event>,
    /// Approval mode: RK2/RK3 results become proposals.
    pub approve: bool,
    /// The first call this step needs that no reply answers yet.
    effect: Option<Effect>,
}

impl<'a> Step<'a> {
    /// Starts a step over a memory, asking `model` inline.
    pub fn new(memory: &'a mut Memory, model: &'a mut dyn Model, approve: bool) -> Self {
        Self {
            memory,
            answers: Answers::Inline(model, None),
            events: Vec::new(),
            approve,
            effect: None,
        }
    }

    /// [`Step::new`], reading what `model` answered in earlier plans of the same step from
    /// `tape` and adding what it answers now.
    pub fn taped(memory: &'a mut Memory, model: &'a mut dyn Model, tape: &'a mut Tape, approve: bool) -> Self {
        Self {
            memory,
            answers: Answers::Inline(model, {
                tape.plan = tape.plan.wrapping_add(1);
                Some(tape)
            }),
            events: Vec::new(),
            approve,
            effect: None,
        }
    }

    /// Starts a step over a memory that reads the replies a driver already made; the first
    /// call without one suspends it (see [`Step::effect`]).
    pub fn with_replies(memory: &'a mut Memory, replies: &'a Replies, approve: bool) -> Self {
        Self {
            memory,
            answers: Answers::Recorded(replies),
            events: Vec::new(),
            approve,
            effect: None,
        }
    }

    /// The call the step is suspended on: the driver makes it, records the reply and plans the
    /// step again. While it is set, the step's events are not to be committed.
    #[must_use]
    pub fn effect(&self) -> Option<&Effect> {
        self.effect.as_ref()
    }

    /// Whether the step's model is a language model (see [`Model::generative`]).
    #[must_use]
    pub fn generative(&self) -> bool {
        match &self.answers {
            Answers::Inline(model, _) => model.generative(),
            Answers::Recorded(r) => r.generative,
        }
    }

    /// A copy of the step's model for another thread, when its replies depend on the request
    /// alone (see [`Model::fork`]); never for replies a driver recorded, which are handed out in
    /// order.
    #[must_use]
    pub fn fork_model(&self) -> Option<Box<dyn Model>> {
        match &self.answers {
            Answers::Inline(model, _) => model.fork(),
            Answers::Recorded(_) => None,
        }
    }

    fn model_name(&self) -> String {
        match &self.answers {
            Answers::Inline(model, _) => model.name(),
            Answers::Recorded(r) => r.name.clone(),
        }
    }

    fn request(&mut self, task: Task) -> ModelRequest {
        match &mut self.answers {
            Answers::Inline(model, _) => ModelRequest::for_model(task, &mut **model),
            Answers::Recorded(r) => {
                let purpose = task.purpose();
                let mode = r.modes.get(&purpose).copied();
                if mode.is_none() && self.effect.is_none() {
                    self.effect = Some(Effect::Mode(purpose));
                }
                ModelRequest::with_mode(task, mode.unwrap_or_default())
            }
        }
    }

    /// Applies and records an event.
    pub fn emit(&mut self, event: Event) {
        self.memory.apply(&event);
        self.events.push(event);
    }

    /// Calls the model and parses its reply, in the format the model asks for. A reply that
    /// does not parse, or names people or things absent from its input (see
    /// [`grounding`]), gets one repair request quoting the error, sampled at
    /// [`RETRY_TEMPERATURE`] so a deterministic model does not write the same reply again; if
    /// that fails too, a `model_failed` event is recorded and the caller skips its work.
    pub fn call<T>(&mut self, task: Task, parse: impl Fn(&str) -> Result<T, ParseError>) -> Option<T> {
        self.try_call(task, parse, "").ok()
    }

    /// [`Step::call`], saying why nothing came back. `on_reject` is appended to the
    /// `model_failed` reason of a rejected reply: what the caller does instead of retrying.
    pub fn try_call<T>(
        &mut self,
        task: Task,
        parse: impl Fn(&str) -> Result<T, ParseError>,
        on_reject: &str,
    ) -> Result<T, CallFailure> {
        let request = self.request(task);
        let generative = self.generative();
        // (value, or the error and whether it is a grounding failure rather than a parse one)
        let checked = |reply: &str| {
            // A language model's list items that name what the input never did, copy the
            // instructions or were cut by the grammar are left out before the reply is read.
            let pruned = if generative {
                crate::model::prune::reply(&request.task, request.mode, reply)
            } else {
                reply.to_string()
            };
            match parse(&pruned) {
                Ok(value) => match grounding::check(&request.task, request.mode, &pruned) {
                    Ok(()) => Ok(value),
                    Err(reason) => Err((ParseError(reason), true)),
                },
                Err(e) => Err((e, false)),
            }
        };
        let reply = self.complete(&request, on_reject)?;
        let (first_error, ungrounded) = match checked(&reply) {
            Ok(v) => return Ok(v),
            Err(e) => e,
        };
        let (kind, first) = if ungrounded {
            (
                FailureKind::Grounding,
                format!("{GROUNDING_FAILURE_PREFIX} ({first_error})"),
            )
        } else {
            (FailureKind::Parse, format!("{PARSE_FAILURE_PREFIX} ({first_error})"))
        };
        let repair = ModelRequest::with_mode(
            Task::Repair {
                original: Box::new(request.task.clone()),
                reply: reply.clone(),
                error: first_error.0.clone(),
            },
            request.mode,
        )
        .sampled(RETRY_TEMPERATURE);
        let repaired = self.complete(&repair, "");
        let (last_reply, error, failure, kind) = match repaired {
            Ok(r) => match checked(&r) {
                Ok(v) => return Ok(v),
                Err((e, ungrounded)) => {
                    let why = if ungrounded {
                        "was not grounded either"
                    } else {
                        "did not parse either"
                    };
                    (
                        r,
                        format!("{first}; repair {why} ({e}; sampled at temperature {RETRY_TEMPERATURE}){on_reject}"),
                        CallFailure::Rejected,
                        kind,
                    )
                }
            },
            // Still a failure the replies began: a replay derives it again, as before kinds.
            Err(failure) => (
                reply,
                format!("{first}; the repair request failed{on_reject}"),
                failure,
                kind,
            ),
        };
        if self.effect.is_none() {
            let name = self.model_name();
            self.emit(request.failed(name, last_reply, error, kind));
        }
        Err(failure)
    }

    /// The outcome of one call: asked inline, or read from the driver's replies. A call with
    /// no reply yet suspends the step on it and reads as unavailable.
    fn outcome(&mut self, request: &ModelRequest) -> Option<Result<Completion, ModelError>> {
        match &mut self.answers {
            Answers::Inline(model, None) => Some(model.complete(request)),
            Answers::Inline(model, Some(tape)) => {
                let plan = tape.plan;
                let taped = tape.outcomes.entry(RequestKey::of(request)).or_default();
                if taped.plan != plan {
                    taped.plan = plan;
                    taped.made = 0;
                }
                let nth = taped.made;
                taped.made = nth.saturating_add(1);
                if let Some(outcome) = taped.outcomes.get(nth) {
                    return Some(outcome.clone());
                }
                let outcome = model.complete(request);
                taped.outcomes.push(outcome.clone());
                Some(outcome)
            }
            Answers::Recorded(r) => {
                let found = r.answered.get(&RequestKey::of(request)).cloned();
                if found.is_none() && self.effect.is_none() {
                    self.effect = Some(Effect::Call(Box::new(request.clone())));
                }
                found
            }
        }
    }

    /// One raw call, logged either way; a failure says whether asking again could help.
    fn complete(&mut self, request: &ModelRequest, on_reject: &str) -> Result<String, CallFailure> {
        let Some(outcome) = self.outcome(request) else {
            return Err(CallFailure::Unavailable);
        };
        match outcome {
            Ok(c) => {
                let name = self.model_name();
                self.emit(request.called(name, &c));
                Ok(c.reply)
            }
            Err(e) => {
                let (failure, then) = match e {
                    ModelError::CutOff(_) => (CallFailure::Rejected, on_reject),
                    _ => (CallFailure::Unavailable, ""),
                };
                let name = self.model_name();
                self.emit(request.failed(name, String::new(), format!("{e}{then}"), FailureKind::Call));
                Err(failure)
            }
        }
    }
}

//! Verbs of English the rules name: activity, change, light and causative verbs, verbs of saying
//! and of mind, past forms, phrasal verbs and the base form of irregular past forms.
//!
//! Each list says the file it came from. Lists of one name but different words serve different
//! rules and are kept apart, the second named after the file that reads it (`SENSE_DETERMINERS`
//! beside `DETERMINERS`).

// From `src/ingest/settings.rs`.
/// Verbs between "to" and a value that say what the value lets through ("configured the
/// limiter to allow 100 requests per minute").
pub const ALLOWING: &[&str] = &[
    "allow", "accept", "handle", "permit", "support", "serve", "take", "hold",
];

// From `src/ingest/settings.rs`.
/// Verbs that set a value "to" a number: "I set / raised / cut the timeout to 30 seconds".
pub const CHANGE_VERBS: &[&str] = &[
    "set",
    "raised",
    "increased",
    "lowered",
    "reduced",
    "decreased",
    "bumped",
    "changed",
    "upped",
    "cut",
    "capped",
    "dropped",
    "adjusted",
    "updated",
    "extended",
    "moved",
    "pushed",
    "tweaked",
    "configured",
    "limited",
    "boosted",
    "brought",
    "put",
    "lifted",
    "trimmed",
    "scaled",
    "shortened",
    "lengthened",
];

// From `src/ingest/settings.rs`.
/// Words that may join a unit after its number: "120 requests per minute", "$500 a month".
/// Nouns that name what working something out gives, never a value one sets: "my final answer
/// is 2522", "the total is 30 hours", "our result was 4 times faster".
pub const OUTCOMES: &[&str] = &[
    "answer",
    "answers",
    "result",
    "results",
    "solution",
    "solutions",
    "sum",
    "total",
    "product",
    "output",
    "outcome",
];

// From `src/ingest/settings.rs`.
/// Verbs after which "Name 1.2.3" is software the person uses or chose.
pub const USE_VERBS: &[&str] = &[
    "use",
    "using",
    "used",
    "chose",
    "chosen",
    "choose",
    "picked",
    "pinned",
    "locked",
    "installed",
    "running",
    "run",
    "on",
    "upgraded",
    "updated",
    "switched",
    "migrated",
    "moved",
    "downgraded",
    "with",
    "to",
    "stick",
];

// From `src/retrieval/slots.rs`.
/// Words that ask about a change rather than the current value ("What was the limit before I
/// raised it?", "How has my budget changed?").
pub const CHANGE_WORDS: &[&str] = &[
    "before",
    "previous",
    "previously",
    "originally",
    "initially",
    "first",
    "old",
    "change",
    "changed",
    "changes",
    "raise",
    "raised",
    "increase",
    "increased",
    "lower",
    "lowered",
    "reduce",
    "reduced",
    "update",
    "updated",
    "from",
    "was",
    "used",
];

// From `src/retrieval/standing.rs`.
/// Words of how instructions and requests are put, not of what they are about.
pub const FRAME: [&str; 14] = [
    "always",
    "never",
    "include",
    "provide",
    "ask",
    "asks",
    "asking",
    "prefer",
    "preference",
    "rather",
    "please",
    "make",
    "sure",
    "give",
];

// From `src/retrieval/standing.rs`.
/// Common irregular past forms: "Never thought…", "Always knew…" tell a story.
pub const PAST: [&str; 16] = [
    "been", "thought", "knew", "had", "was", "were", "got", "felt", "saw", "went", "did", "made", "said", "took",
    "came", "found",
];

// From `src/rules/english/extract.rs`.
/// Verbs after which an unknown `-ing` word or noun is an activity.
pub const ACTIVITY_VERBS: &[&str] = &[
    "love", "enjoy", "started", "start", "tried", "try", "took", "practice", "practise", "went", "go", "do", "did",
    "doing", "play", "played", "playing", "joined", "learning", "learn",
];

// From `src/rules/english/extractive/chunk.rs`.
/// Verbs whose "-ing" form is a verb in conversation ("going", "thinking"); other "-ing" forms
/// may name an activity ("running shoes", "I love painting") and stay in the phrase.
#[rustfmt::skip]
pub const LIGHT_VERBS: &[&str] = &[
    "go", "get", "make", "take", "see", "come", "know", "think", "feel", "want", "need", "try", "start", "keep",
    "say", "tell", "give", "find", "let", "put", "help", "hope", "look", "seem", "become", "leave", "bring", "use",
    "mean", "plan", "wish", "guess", "ask", "talk", "wonder", "hear", "realize", "stay", "spend", "consider",
    "expect", "describe", "explain",
];

// From `src/rules/english/extractive/chunk.rs`.
/// Common verbs with their irregular forms; regular inflections (-s, -ed, -ing) are derived.
#[rustfmt::skip]
pub const VERBS: &[&str] = &[
    "go", "went", "gone", "get", "got", "gotten", "make", "made", "take", "took", "taken", "see", "saw", "seen",
    "come", "came", "know", "knew", "known", "think", "thought", "feel", "felt", "love", "like", "want", "need",
    "try", "tried", "start", "keep", "kept", "say", "said", "tell", "told", "give", "gave", "given", "find", "found",
    "let", "put", "help", "hope", "look", "seem", "become", "became", "leave", "left", "bring", "brought", "buy",
    "bought", "learn", "enjoy", "use", "show", "mean", "meant", "believe", "remember", "forget", "forgot", "happen",
    "decide", "plan", "wish", "guess", "call", "ask", "talk", "share", "check", "sound", "wonder", "hear", "heard",
    "realize", "realise", "appreciate", "thinking", "glad", "excited", "interested", "lucky", "proud", "mind", "care",
    "send", "sent", "sit", "sat", "stay", "stand", "stood", "turn", "move", "live", "grow", "grew", "begin", "began",
    "begun", "set", "run", "ran", "pick", "picked", "join", "joined", "visit", "add", "include", "spend", "spent",
    "meet", "met", "win", "won", "lose", "lost", "read", "write", "wrote", "written", "hold", "held", "catch",
    "caught", "teach", "taught", "build", "built", "pay", "paid", "sell", "sold", "wear", "wore", "worn", "keeps",
    "makes", "inspire", "motivate", "encourage", "support", "manage", "miss", "agree", "admit", "imagine", "suppose",
    "consider", "describe", "explain", "recommend", "suggest", "allow", "expect", "attend", "create", "choose",
    "chose", "chosen", "fall", "fell", "hurt", "break", "broke", "broken", "cut", "bit", "die", "died", "lie",
    "lied",
];

// From `src/rules/english/extractive/update.rs`.
/// Verbs that say a value was set anew: "raised it to 120", "moved the deadline to 5 April".
///
/// Kept apart from [`CHANGE_VERBS`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const UPDATE_CHANGE_VERBS: [&str; 16] = [
    "increased",
    "raised",
    "bumped",
    "boosted",
    "moved",
    "changed",
    "updated",
    "adjusted",
    "reduced",
    "lowered",
    "dropped",
    "cut",
    "extended",
    "pushed",
    "rose",
    "grew",
];

// From `src/rules/english/extractive/update.rs`.
/// Verbs that move a date, beside [`UPDATE_CHANGE_VERBS`]: "the signing was postponed to July
/// 2", "they rescheduled the hearing".
pub const MOVED_DATE_VERBS: &[&str] = &["postponed", "rescheduled", "delayed", "brought", "shifted"];

// From `src/rules/english/names.rs`.
/// Verbs of saying, after which a quote is a sentence of its own.
pub const SAYING: &[&str] = &[
    "said", "says", "say", "saying", "asked", "asks", "told", "tells", "wrote", "writes", "replied", "shows", "showed",
    "displays", "returns", "returned", "printed", "prints", "error",
];

// From `src/rules/english/person/mod.rs`.
/// Verbs ending in -ly, which the -ly adverb rule must not skip.
pub const LY_VERBS: &[&str] = &[
    "fly", "reply", "apply", "rely", "supply", "comply", "imply", "multiply", "ally",
];

// From `src/ingest/settings.rs`.
/// Verbs of a value that moves by itself, before "(up|down) (from X) to Y": "my rent went up to
/// 560 pounds", "our premium has risen to $110".
pub const RISES: &[&str] = &[
    "went",
    "rose",
    "risen",
    "increased",
    "decreased",
    "dropped",
    "fell",
    "fallen",
    "jumped",
    "climbed",
    "grew",
    "doubled",
    "gone",
    "goes",
    "go",
    "going",
];

// From `src/rules/english/person/mod.rs`.
/// Verbs whose past is their base form: present (and inflected) unless the sentence looks back.
pub const SAME_PAST: &[&str] = &[
    "hurt", "put", "cut", "set", "let", "hit", "quit", "read", "cost", "shut", "spread", "bet",
];

// From `src/rules/english/subject.rs`.
/// Verbs of mind a speaker negates of themselves without "I" ([`super::negation::NEGATED`]
/// before them: "Can't wait to see it", "Didn't expect that").
pub const OF_MIND: &[&str] = &[
    "wait", "imagine", "believe", "help", "expect", "know", "think", "remember", "stop", "decide", "describe",
];

// From `src/rules/english/subject.rs`.
/// Past forms that open a sentence whose "I" was left out ("Had my first physio session.").
pub const OPENING_PAST: &[&str] = &[
    "had", "went", "got", "did", "made", "took", "ran", "swam", "saw", "met", "bought", "found", "tried", "started",
    "finished", "ordered", "visited", "watched", "played", "cooked", "booked", "spent", "ate", "read", "signed",
    "joined", "picked", "learned", "learnt", "stopped", "quit", "hit", "sat", "felt", "came", "gave", "told", "lost",
    "won", "thought", "brought", "kept", "wrote", "spoke", "heard", "drove", "flew", "grew", "knew", "slept", "sold",
    "built", "caught", "taught", "held", "paid", "sent", "woke", "began", "drew", "chose", "fell", "forgot", "sang",
    "rode", "baked", "painted", "walked", "hiked", "moved", "decided", "realized", "realised", "loved", "enjoyed",
];

// From `src/rules/english/vocab/doer.rs`.
/// Verbs that take an object and then what the object does ("keep ngrok running", "get the
/// tests to run", "had the kids running around"): the doing is the object's, not the speaker's.
pub const CAUSATIVES: &[&str] = &[
    "keep", "keeps", "kept", "keeping", "get", "gets", "got", "getting", "leave", "leaves", "left", "leaving", "set",
    "sets", "setting", "have", "has", "had", "having", "make", "makes", "made", "making", "see", "saw", "seen",
    "watch", "watched", "watching", "let", "lets",
];

// From `src/rules/english/vocab/doer.rs`.
/// Verbs that with "to" stand where an auxiliary would: "it seems to be working".
pub const SEEM: &[&str] = &["seem", "seems", "seemed", "appear", "appears", "appeared"];

/// Fixed phrases in which an activity word means something else: "the release is up and
/// running" (working), "I'm running late" (behind time), "we're running low on milk" (nearly
/// out), "a dry run" (a rehearsal), "that exam was a walk in the park" (easy), "maintainable in
/// the long run" (over time), "the right tool for the job" (the task at hand), "an event bus" (a
/// channel between programs), "a security audit" (a review of systems, not of accounts), "color
/// coding the labels" (marking them by colour).
pub const IDIOMS: &[&[&str]] = &[
    &["in", "the", "long", "run"],
    &["in", "the", "short", "run"],
    &["tool", "for", "the", "job"],
    &["tools", "for", "the", "job"],
    &["up", "and", "running"],
    &["running", "late"],
    &["running", "low"],
    &["running", "short"],
    &["running", "behind"],
    &["in", "the", "running"],
    &["hit", "the", "ground", "running"],
    &["dry", "run"],
    &["trial", "run"],
    &["walk", "in", "the", "park"],
    &["event", "bus"],
    &["message", "bus"],
    &["service", "bus"],
    &["color", "coding"],
    &["colour", "coding"],
    &["color-coding"],
    &["colour-coding"],
];

// From `src/rules/english/vocab/sense.rs`.
/// Phrasal verbs whose particle takes the verb out of its activity sense, by the verb's first
/// letters: "walk me through the setup", "work on a bug", "run into a problem", "draw on
/// experience", "write up the notes", "work out the total", "accounting for the sign".
pub const PHRASAL: &[(&str, &[&str])] = &[
    ("walk", &["through"]),
    ("run", &["through", "into", "out", "over", "across"]),
    ("ran", &["through", "into", "out", "over", "across"]),
    ("work", &["on", "through", "out", "with", "up"]),
    ("draw", &["on", "up", "from"]),
    ("drew", &["on", "up", "from"]),
    ("writ", &["up", "down", "out", "back"]),
    ("wrot", &["up", "down", "out", "back"]),
    ("go", &["through", "over"]),
    ("accounting", &["for"]),
    ("went", &["through", "over"]),
];

// From `src/rules/english/extractive/verbs.rs`.
/// Bare forms the Porter stemmer keeps apart from their inflections ("die" stays "die" while
/// "died" and "dies" become "di"): each is read as an inflection, so "When did my father die?"
/// finds "My father died on January 3rd".
pub const PORTER_SPLIT: &[(&str, &str)] = &[("die", "died"), ("lie", "lied"), ("tie", "tied")];

// From `src/rules/english/extractive/verbs.rs`.
/// Past tense and participle → base form, for the irregular verbs conversation uses most.
#[rustfmt::skip]
pub const IRREGULAR: &[(&str, &str)] = &[
    ("was", "be"), ("were", "be"), ("been", "be"), ("had", "have"), ("did", "do"), ("done", "do"),
    ("went", "go"), ("gone", "go"), ("saw", "see"), ("seen", "see"), ("made", "make"), ("took", "take"),
    ("taken", "take"), ("got", "get"), ("gotten", "get"), ("gave", "give"), ("given", "give"),
    ("came", "come"), ("bought", "buy"), ("brought", "bring"), ("found", "find"), ("thought", "think"),
    ("told", "tell"), ("said", "say"), ("knew", "know"), ("known", "know"), ("felt", "feel"),
    ("left", "leave"), ("met", "meet"), ("ran", "run"), ("began", "begin"), ("begun", "begin"),
    ("wrote", "write"), ("written", "write"), ("read", "read"), ("ate", "eat"), ("eaten", "eat"),
    ("drank", "drink"), ("drunk", "drink"), ("drove", "drive"), ("driven", "drive"), ("flew", "fly"),
    ("flown", "fly"), ("swam", "swim"), ("swum", "swim"), ("sang", "sing"), ("sung", "sing"),
    ("won", "win"), ("lost", "lose"), ("kept", "keep"), ("held", "hold"), ("built", "build"),
    ("sent", "send"), ("spent", "spend"), ("taught", "teach"), ("caught", "catch"), ("fought", "fight"),
    ("sold", "sell"), ("stood", "stand"), ("understood", "understand"), ("heard", "hear"),
    ("paid", "pay"), ("lent", "lend"), ("chose", "choose"), ("chosen", "choose"), ("broke", "break"),
    ("broken", "break"), ("spoke", "speak"), ("spoken", "speak"), ("wore", "wear"), ("worn", "wear"),
    ("grew", "grow"), ("grown", "grow"), ("threw", "throw"), ("thrown", "throw"), ("drew", "draw"),
    ("drawn", "draw"), ("fell", "fall"), ("fallen", "fall"), ("hurt", "hurt"), ("rode", "ride"),
    ("ridden", "ride"), ("woke", "wake"), ("slept", "sleep"), ("led", "lead"), ("sat", "sit"),
    ("became", "become"), ("forgot", "forget"), ("forgotten", "forget"), ("hid", "hide"),
    ("hidden", "hide"), ("shook", "shake"), ("stole", "steal"), ("struck", "strike"),
];

// From `src/rules/english/person/mod.rs`.
/// Verbs ending in "-ee", whose past tense ends in "-eed" like the base form of "need".
pub const EE_VERBS: &[&str] = &["agree", "disagree", "free", "guarantee", "decree", "referee"];

// From `src/rules/english/vocab/solution.rs`.
/// Verbs of checking a piece of work: "check my work", "verify your work".
pub const CHECKING: &[&str] = &[
    "check",
    "checking",
    "verify",
    "verifying",
    "review",
    "reviewing",
    "show",
    "showing",
    "double-check",
    "grade",
    "mark",
    "proofread",
    "correct",
    "see",
    "look",
];

// From `src/rules/english/vocab/sense.rs`.
/// Words for a program being run, whose technical sense a passage about code makes the near one.
pub const EXECUTION: &[&str] = &["run", "runs", "running", "ran", "operation", "operations"];

// From `src/rules/english/vocab/sense.rs`.
/// Things a program uses or handles, whose technical sense a passage about code makes the near
/// one as well: "I've tried using the library" in a chat about a lock is a package, "post the
/// photo" there is an upload, "the leak is caused by unclosed file handles" loses memory, not
/// water, "compatibility with older clients" is with programs and "I'm using a class to manage
/// the posts" is a type. A career word (job, offer) is not here: a career changer who learns to
/// code still gets a job offer.
pub const PROGRAM_THINGS: &[&str] = &[
    "class",
    "classes",
    "client",
    "clients",
    "leak",
    "leaks",
    "library",
    "libraries",
    "photo",
    "photos",
    "camera",
    "cameras",
    "pool",
    "environment",
    "script",
    "scripts",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Verbs that change an amount ("increase our household income by $1,500/month"): what follows
/// is their object, not a topic of its own.
pub const AMOUNT_CHANGERS: &[&str] = &[
    "increase", "decrease", "raise", "reduce", "lower", "cut", "boost", "double", "triple", "bump",
];

// From `src/rules/english/vocab/travel.rs`.
/// Verbs that put the speaker in a place, so that a place they name is somewhere they went,
/// live or stayed ("we went to Lisbon", "I grew up in Osaka", "I've been to Peru twice"), not a
/// market or a side of the news ("companies in Europe", "the US-China trade talks"). "Go" and
/// "been" are left out: they are as often auxiliaries ("going to invest", "I've been following").
#[rustfmt::skip]
pub const BEING_THERE: &[&str] = &[
    "went", "visit", "visits", "visiting", "visited", "move", "moves", "moving", "moved", "live", "lives", "living",
    "lived", "stay", "stays", "staying", "stayed", "spent", "spend", "spending", "travel", "travels", "traveling",
    "travelling", "traveled", "travelled", "fly", "flying", "flew", "flown", "drove", "driving", "explore",
    "exploring", "explored", "arrived", "landed", "returned", "born", "grew", "raised", "relocate", "relocated",
    "relocating", "trip", "trips", "vacation", "holiday", "honeymoon", "abroad", "tour", "touring",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Verbs that say what something was done for, after "to" ("meditated to relax", "jogged to
/// clear my mind", "to deal with stress"), beside the common verbs of [`VERBS`].
#[rustfmt::skip]
pub const PURPOSE_VERBS: &[&str] = &[
    "deal", "cope", "relax", "unwind", "clear", "calm", "celebrate", "improve", "reduce", "save", "boost", "avoid",
    "prepare", "handle", "recover", "focus", "protect", "cover", "reach", "afford", "fund", "pay", "stay", "keep",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Verbs that say nothing without their object or complement after a subject pronoun: "where
/// I need", "that we want", "since I've had".
#[rustfmt::skip]
pub const OBJECT_TAKERS: &[&str] = &[
    "need", "needed", "want", "wanted", "have", "had", "get", "got", "use", "used", "make", "made", "try", "tried",
    "plan", "planned", "hope", "hoped", "like", "liked", "love", "loved", "decide", "decided", "start", "started",
    "begin", "began", "keep", "kept", "find", "found", "mean", "meant", "wish", "expect", "expected", "intend",
    "intended", "prefer", "preferred", "take", "took", "give", "gave", "put", "bring", "brought",
];

// From `src/rules/english/request.rs`.
/// Verbs a request to the listener opens with ("Walk me through the proof", "Please explain it
/// with analogies", "Always use type hints"): said to the listener, they tell what the speaker
/// asked for.
pub const REQUEST_VERBS: &[&str] = &[
    "walk",
    "explain",
    "give",
    "show",
    "tell",
    "help",
    "remind",
    "send",
    "write",
    "review",
    "list",
    "suggest",
    "recommend",
    "summarize",
    "summarise",
    "compare",
    "describe",
    "use",
    "teach",
    "translate",
    "draft",
    "keep",
    "make",
    "avoid",
    "answer",
    "format",
    "call",
    "address",
    "quiz",
    "test",
];

//! Words that open, join, hedge or end a clause: connectives, fillers, leading adverbs and
//! qualifiers, clause openers and trailers.
//!
//! Each list says the file it came from. Lists of one name but different words serve different
//! rules and are kept apart, the second named after the file that reads it (`SENSE_DETERMINERS`
//! beside `DETERMINERS`).

// From `src/ingest/canon.rs`.
/// Words that carry no content in an entity name.
pub const FILLER: [&str; 16] = [
    "a", "an", "the", "of", "at", "in", "on", "for", "to", "and", "with", "by", "from", "my", "her", "his",
];

// From `src/ingest/never.rs`.
/// Conjunctions that open another clause: the claim ends before them ("never baked bread but
/// want to").
pub const CLAUSE_OPENERS: &[&str] = &[
    "but", "so", "because", "although", "though", "while", "which", "whereas", "unless",
];

// From `src/ingest/never.rs`.
/// Words that, after "and" or "or", start a second clause rather than a second object: "never
/// completed a proof and need help" (a verb), "never skied and I'm nervous" (a subject).
pub const SECOND_CLAUSE: &[&str] = &[
    "need", "want", "would", "will", "am", "was", "have", "had", "feel", "think", "wish", "hope", "plan", "can",
    "can't", "don't", "didn't", "keep", "like", "love", "hate", "i", "i'm", "i've", "i'd", "we", "we're", "it", "it's",
    "now", "then", "still",
];

// From `src/ingest/never.rs`.
/// Words at a claim's end that add nothing to what was never done.
pub const TRAILING: &[&str] = &[
    "before", "yet", "again", "ever", "lately", "now", "though", "honestly", "either",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Words that open a new clause after a comma.
///
/// Kept apart from [`CLAUSE_OPENERS`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const GATHER_CLAUSE_OPENERS: &[&str] = &[
    "it", "it's", "that", "that's", "which", "this", "i", "i'm", "we", "we're", "she", "he", "they", "so", "but",
    "and", "though", "although", "because", "since", "honestly", "really", "you",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Words that open a phrase inside a clause: prepositions, conjunctions and relative words. A
/// clause cut short ends before the last of them, so what is kept is whole ("I set up my office
/// in the spare bedroom | with an ergonomic …").
pub const GATHER_PHRASE_OPENERS: &[&str] = &[
    "and", "but", "or", "so", "because", "while", "when", "where", "with", "without", "by", "in", "on", "at", "for",
    "from", "over", "around", "about", "after", "before", "during", "since", "until", "into", "through", "which",
    "who", "that", "like", "than", "as", "to",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Words that end a spoken sentence without adding to what it says.
/// "After" ends a sentence only as "afterwards", pointing at what the speaker said before,
/// which the gathered clause does not carry.
///
/// Kept apart from [`TRAILING`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const GATHER_TRAILING: &[&str] = &[
    "though",
    "anyway",
    "anyways",
    "lol",
    "haha",
    "honestly",
    "tbh",
    "either",
    "after",
    "based",
    "according",
    "the",
    "a",
    "an",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Openers whose referent a gathered clause cannot show.
pub const UNRESOLVED: &[&str] = &[
    "she", "he", "she's", "he's", "they", "they're", "it", "it's", "that", "that's", "this", "these", "those", "there",
];

// From `src/rules/english/extractive/choice.rs`.
/// Articles and possessives left off an alternative when it is given as the answer.
pub const LEADING: &[&str] = &["a", "an", "the", "to", "her", "his", "their", "my", "some"];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const ADVERBS: &[&str] = &[
    "not", "never", "always", "really", "very", "just", "also", "too", "still", "even", "only", "now", "again",
    "already", "soon", "lately", "recently", "usually", "often", "sometimes", "ever", "maybe", "probably", "actually",
    "definitely", "totally", "super", "pretty", "quite", "honestly", "here", "there", "today", "tonight", "yesterday",
    "tomorrow", "almost", "especially", "finally", "ago", "away", "back", "together", "anyway", "though", "instead",
    "rather", "right", "well", "sure", "literally", "kinda", "sorta", "somehow", "else", "yet", "far", "first",
    "last", "next", "lately", "since",
];

// From `src/rules/english/subject.rs`.
/// Adverbs that may stand before the left-out subject's verb ("Also started reading").
pub const LEADING_ADVERBS: &[&str] = &["finally", "also", "just", "recently", "actually"];

// From `src/rules/english/subject.rs`.
/// Verbs whose "it" was left out before "me" ("Reminds me of my mom", "Makes me smile").
pub const OF_IT: &[&str] = &[
    "reminds", "makes", "brings", "takes", "gives", "helps", "keeps", "feels", "means",
];

// From `src/rules/english/synth.rs`.
/// Connectives that tie a sentence to the one before ("However, I need to…"): alone, as a fact
/// or a Δ item, they point at nothing, so they are dropped with the comma after them.
pub const CONNECTIVES: &[&str] = &[
    "however",
    "also",
    "additionally",
    "unfortunately",
    "meanwhile",
    "besides",
    "still",
    "furthermore",
    "moreover",
];

// From `src/rules/english/synth.rs`.
/// Intensifiers that add tokens and no content ("I really love it" says "I love it").
pub const EMPTY_WORDS: &[&str] = &[
    "really",
    "actually",
    "honestly",
    "literally",
    "basically",
    "totally",
    "truly",
];

// From `src/rules/english/synth.rs`.
/// Interjections that open a sentence without saying anything ("Yeah, I keep a spreadsheet").
pub const FILLERS: &[&str] = &[
    "yeah", "yes", "yep", "ha", "haha", "hah", "oh", "ok", "okay", "well", "so", "honestly", "hmm", "um", "wow", "lol",
    "right", "sure", "ah", "aw", "aww", "hey", "hi", "hello", "thanks", "totally", "true", "anyway", "anyways",
];

// From `src/rules/english/vocab/mod.rs`.
/// Words that follow a verb or open a sentence without being its object or a compound's part:
/// "sleeping maybe six hours", "walking home", "anyway, dinner time".
///
/// Kept apart from [`ADVERBS`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const VOCAB_ADVERBS: &[&str] = &[
    "maybe",
    "now",
    "every",
    "each",
    "perhaps",
    "probably",
    "again",
    "together",
    "today",
    "tonight",
    "tomorrow",
    "yesterday",
    "lately",
    "anymore",
    "alone",
    "home",
    "outside",
    "indoors",
    "outdoors",
    "anyway",
    "anyways",
    "well",
    "yeah",
    "yes",
    "okay",
    "actually",
    "honestly",
    "besides",
    "also",
    "plus",
    "though",
    "instead",
    "everyday",
    "sometimes",
    // Conjunctions and adverbs of time and manner that follow a verb without being its object
    // ("tell work until I have an offer", "work late", "run hard").
    "until",
    "till",
    "unless",
    "because",
    "since",
    "while",
    "although",
    "once",
    "whenever",
    "late",
    "early",
    "hard",
    "fast",
    "slowly",
    "later",
    "soon",
    "daily",
    "weekly",
    "regularly",
    "anywhere",
    "somewhere",
    "everywhere",
    "full-time",
    "part-time",
    "remotely",
    "overtime",
];

// From `src/rules/english/vocab/mod.rs`.
/// Words that qualify a noun without naming what it is ("a long run", "my new job", "a free
/// online course"): never a topic's name, never the modifier that decides a word's sense.
pub const QUALIFIERS: &[&str] = &[
    "free",
    "online",
    "new",
    "old",
    "small",
    "big",
    "tiny",
    "local",
    "weekly",
    "daily",
    "first",
    "last",
    "next",
    "evening",
    "morning",
    "night",
    "quick",
    "short",
    "long",
    "intro",
    "beginner",
    "beginners",
    "advanced",
    "private",
    "group",
    "whole",
    "entire",
    "same",
    "other",
    "another",
    "favorite",
    "favourite",
    "usual",
    "early",
    "late",
    "public",
    "current",
    "previous",
    "basic",
    "simple",
    "good",
    "great",
    "main",
    "specific",
    "particular",
    "certain",
    "different",
    "few",
    "own",
    "real",
    "right",
    "wrong",
    "best",
    "better",
    "little",
    "following",
    "above",
    "initial",
    "final",
    "overall",
    "general",
    "common",
    "correct",
    "proper",
    "actual",
    "nice",
    "bad",
    "hard",
    "easy",
    "exact",
    "total",
    "various",
    "several",
    "similar",
    "standard",
    "long-term",
    "short-term",
    "typical",
    "normal",
    "regular",
    "average",
    "reasonable",
    "recommended",
    "official",
    "additional",
    "extra",
    "slow",
    "fast",
    "huge",
    "great",
    "amazing",
    "awesome",
    "fun",
    "lovely",
    "relaxing",
    "quiet",
    "busy",
    "full",
    "half",
    "light",
    "heavy",
    "solo",
    "weekend",
    "summer",
    "winter",
    "spring",
    "autumn",
    "fall",
    "afternoon",
    "regular",
    "occasional",
    "brief",
    "recent",
];

// From `src/rules/english/synth.rs`.
/// What a remark about the conversation itself counts: "no other questions", "any more
/// concerns", "no further thoughts".
pub const CHAT_NOUNS: &[&str] = &[
    "questions",
    "question",
    "concerns",
    "concern",
    "issues",
    "thoughts",
    "comments",
    "requests",
    "updates",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Words that open a subordinate clause, whose verb a clause cut short loses.
pub const SUBORDINATORS: &[&str] = &["if", "whether", "because", "although", "though", "while"];

// From `src/rules/english/person/mod.rs`.
/// Words that open an adverbial clause ("when I was young", "because I was tired", "like I was
/// helped"): a second "I" right after one, in a sentence whose subject is already the person,
/// is written "they".
pub const ADVERBIAL_OPENERS: &[&str] = &[
    "when", "whenever", "because", "since", "while", "until", "although", "though", "if", "before", "after", "once",
    "like",
];

/// A pronoun and its verb in one word ("it's good", "they're late"); a name's "'s" is as often
/// a possessive ("Scott's aim"), so it is not one.
pub const CONTRACTED: &[&str] = &[
    "it's", "that's", "he's", "she's", "there's", "they're", "we're", "i'm", "you're", "i've", "we've", "they've",
    "i'll", "it'll", "i'd", "they'd",
];

/// Words of thought, speech or feeling after which "that" opens a clause of its own ("I'm
/// worried that …", "she said that …"), not a relative clause of a noun.
pub const THAT_TAKERS: &[&str] = &[
    "worried",
    "concerned",
    "afraid",
    "anxious",
    "sure",
    "glad",
    "happy",
    "excited",
    "aware",
    "think",
    "thinks",
    "thought",
    "said",
    "says",
    "told",
    "know",
    "knows",
    "knew",
    "feel",
    "feels",
    "felt",
    "hope",
    "hoping",
    "realized",
    "realised",
    "noticed",
    "believe",
    "believes",
    "decided",
    "found",
    "learned",
    "heard",
    "mentioned",
    "suggested",
    "means",
    "meant",
    "ensure",
    "ensuring",
    "worry",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Words besides the common verbs themselves ([`super::verbs::VERBS`]: "love", "want") after which
/// a clause may end on "to", the infinitive of an ellipsis ("we're going to", "I'm able to", "I
/// used to"); after any other word a last "to" lost its object ("submitted to [a magazine]").
pub const INFINITIVE_TAKERS: &[&str] = &[
    "wants", "wanted", "loved", "liked", "needs", "needed", "have", "has", "had", "going", "trying", "plans",
    "planned", "planning", "hoped", "hoping", "able", "used", "ought", "supposed", "decided", "wished",
];

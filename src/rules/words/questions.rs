//! Words of questions: openers, question words and the words that say what a question asks for
//! (a list, a summary, progress, a count).
//!
//! Each list says the file it came from.

// From `src/retrieval/never.rs`.
/// The words a yes-or-no question opens with.
pub const POLAR: &[&str] = &[
    "have", "has", "had", "did", "do", "does", "is", "are", "was", "were", "am", "can", "could", "would", "will",
];

// From `src/retrieval/profile.rs`.
/// Question words that ask for a list of what a person does.
pub const LIST_WORDS: &[&str] = &[
    "activities",
    "activity",
    "hobbies",
    "hobby",
    "interests",
    "things",
    "ways",
    "events",
];

// From `src/retrieval/shape.rs`.
/// Number and frequency words a sentence that answers a count carries ("twice", "weekly").
pub const COUNTS: [&str; 19] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "dozen", "once",
    "twice", "times", "every", "daily", "weekly",
];

// From `src/retrieval/topics.rs`.
/// Words that ask how something developed; they ask about the conversation's course only with
/// a span of it ("over time", "throughout our conversations"): "When did Jo lose progress at
/// work?" asks for a date.
pub const PROGRESS_WORDS: &[&str] = &[
    "progress",
    "progressed",
    "progression",
    "journey",
    "evolve",
    "evolved",
    "evolution",
    "develop",
    "developed",
    "development",
];

// From `src/retrieval/topics.rs`.
/// Words that name a span of the conversation.
pub const SPAN_WORDS: &[&str] = &["throughout", "conversations", "sessions", "chats", "across"];

// From `src/retrieval/topics.rs`.
/// Words that ask for a summary or a timeline outright.
pub const SUMMARY_WORDS: &[&str] = &[
    "summarize",
    "summarise",
    "summary",
    "overview",
    "timeline",
    "chronological",
    "chronologically",
];

// From `src/rules/english/disclosed.rs`.
/// Words that turn a sentence to asking when they open the clause after a comma: "…, will that
/// be a problem?", "…, is that enough?", "…, what should I do?".
pub const OPENERS: [&str; 20] = [
    "will", "would", "should", "can", "could", "is", "are", "am", "was", "do", "does", "did", "what", "how", "which",
    "where", "when", "why", "who", "any",
];

// From `src/rules/english/disclosed.rs`.
/// Lead-ins that turn to asking in the first person: "…, and I'm wondering if…", "…, so I was
/// wondering whether…".
pub const WONDERING: [&str; 5] = [
    "i'm wondering",
    "i am wondering",
    "i was wondering",
    "i wonder",
    "i'm not sure",
];

// From `src/rules/english/extractive/mod.rs`.
/// Question words that say what is asked, not what it is about.
pub const QUESTION_WORDS: &[&str] = &[
    "often", "likely", "kind", "kinds", "type", "types", "many", "much", "long", "ever", "usually", "probably",
    "might", "may", "whom", "whose", "happen", "happened", "name", "names",
];

// From `src/rules/english/extractive/update.rs`.
/// Words that ask about a change, an earlier value or several values together: "How much did
/// it increase?", "What was the original deadline?", "How many in total across my plans?".
pub const NOT_CURRENT: [&str; 22] = [
    "change",
    "changed",
    "changes",
    "originally",
    "original",
    "initially",
    "initial",
    "first",
    "before",
    "previous",
    "previously",
    "increase",
    "increased",
    "decrease",
    "decreased",
    "improve",
    "improved",
    "difference",
    "between",
    "total",
    "across",
    "combined",
];

// From `src/rules/english/plan.rs`.
/// Question words that carry no content for search.
pub const LOW_VALUE: &[&str] = &[
    "when", "time", "date", "what", "did", "does", "kind", "type", "ever", "someone",
];

// From `src/rules/english/answer.rs`.
/// Words that open a message that asks something ("what …", "can you …", "remind me …"), so a
/// chat message without a question mark is still answered, not noted.
pub const ASKING_OPENERS: &[&str] = &[
    "what", "when", "where", "who", "whom", "whose", "which", "why", "how", "do", "does", "did", "is", "are", "was",
    "were", "can", "could", "should", "would", "will", "have", "has", "tell", "remind", "list",
];

// From `src/rules/english/disclosed.rs`.
/// Subjects an auxiliary is put before in a question ("can you", "should I", "is it").
pub const INVERTED_SUBJECTS: &[&str] = &[
    "i", "you", "we", "it", "they", "he", "she", "this", "that", "there", "my", "your",
];

// From `src/rules/english/disclosed.rs`.
/// Question words that open a question before its auxiliary ("how can", "what are").
pub const WH_WORDS: &[&str] = &["what", "how", "which", "where", "when", "why", "who", "whom"];

// From `src/rules/english/extractive/question.rs`.
/// Verbs of advice or saying after "you" in a question about what the listener said ("what did
/// you suggest", "what you recommended").
pub const SAID_BY_YOU: &[&str] = &[
    "suggest",
    "suggested",
    "recommend",
    "recommended",
    "say",
    "said",
    "tell",
    "told",
    "mention",
    "mentioned",
    "propose",
    "proposed",
    "advise",
    "advised",
    "explain",
    "explained",
];

// From `src/rules/english/extractive/question.rs`.
/// Nouns of advice after "your" ("your suggestion", "your advice").
pub const ADVICE_NOUNS: &[&str] = &[
    "suggestion",
    "suggestions",
    "recommendation",
    "recommendations",
    "advice",
    "answer",
    "explanation",
    "tip",
    "tips",
];

// From `src/rules/english/extractive/money.rs`.
/// Words of a "what" question that ask for a price ("What do I charge per month?").
pub const PRICE_WORDS: &[&str] = &[
    "charge", "charges", "price", "prices", "pricing", "fee", "fees", "cost", "costs", "rent", "salary", "wage",
    "fare", "tuition",
];

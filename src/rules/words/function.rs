//! Function words of English: determiners, pronouns, prepositions, conjunctions, auxiliaries,
//! particles, quantifiers and contractions, the closed classes the rules step over or split at.
//!
//! Each list says the file it came from. Lists of one name but different words serve different
//! rules and are kept apart, the second named after the file that reads it (`SENSE_DETERMINERS`
//! beside `DETERMINERS`).

// From `src/ingest/canon.rs`.
/// Words too common in anyone's turns to say which habit they are about.
pub const COMMON: [&str; 48] = [
    "about", "after", "again", "also", "another", "back", "been", "before", "being", "could", "doing", "down", "every",
    "feel", "felt", "first", "from", "going", "good", "great", "have", "just", "know", "last", "like", "made", "make",
    "more", "much", "next", "really", "said", "since", "some", "still", "that", "then", "there", "they", "thing",
    "think", "this", "today", "tonight", "very", "want", "what", "with",
];

// From `src/rules/english/extract.rs`.
/// Words that open an object as a determiner does, though they are function words.
pub const QUANTIFIERS: &[&str] = &[
    "some",
    "more",
    "any",
    "all",
    "few",
    "several",
    "every",
    "each",
    "no",
    "both",
    "extra",
    "additional",
];

// From `src/rules/english/extract.rs`.
/// Particles after which an -ing word is a verb at work on something ("plugging in the
/// values", "reading up on it"), not a pastime ("I took up bouldering").
pub const VERB_PARTICLES: &[&str] = &[
    "in", "into", "out", "up", "for", "through", "on", "off", "over", "back", "down", "around", "it", "them", "the",
    "a", "an", "this", "that", "these", "those", "my", "your",
];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const AUXILIARIES: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did",
    "done", "doing", "will", "would", "shall", "should", "can", "could", "may", "might", "must", "gonna", "wanna",
    "gotta", "don't", "doesn't", "didn't", "can't", "won't", "isn't", "aren't", "wasn't", "weren't", "haven't",
    "hasn't", "couldn't", "wouldn't", "shouldn't", "ain't",
];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const CONJUNCTIONS: &[&str] = &[
    "and", "or", "but", "so", "because", "if", "when", "while", "though", "although", "whether", "yet", "nor", "then",
    "where", "how", "why", "unless", "once", "cause", "'cause",
];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const DETERMINERS: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their", "some",
    "any", "each", "every", "no", "another", "such", "what", "which", "whose", "all", "both", "either", "neither",
    "much", "many", "more", "most", "few", "several", "lot", "lots", "other", "same", "own",
];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const INTERJECTIONS: &[&str] = &[
    "yeah", "yes", "yep", "oh", "wow", "hey", "hi", "hello", "thanks", "thank", "ok", "okay", "lol", "haha", "ha",
    "hmm", "um", "uh", "aww", "awesome", "cool", "great", "nice", "amazing", "glad", "sorry", "please", "bye",
];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const PREPOSITIONS: &[&str] = &[
    "in", "on", "at", "to", "from", "for", "with", "about", "by", "of", "into", "onto", "over", "under", "after",
    "before", "during", "since", "until", "till", "through", "around", "near", "between", "among", "against",
    "without", "within", "along", "across", "behind", "beyond", "like", "as", "than", "via", "per", "up", "down",
    "out", "off", "upon", "toward", "towards", "except", "besides", "despite",
];

// From `src/rules/english/extractive/chunk.rs`.
#[rustfmt::skip]
pub const PRONOUNS: &[&str] = &[
    "i", "me", "you", "he", "him", "she", "it", "we", "us", "they", "them", "myself", "yourself", "himself",
    "herself", "itself", "ourselves", "themselves", "mine", "yours", "hers", "ours", "theirs", "someone", "something",
    "anything", "everything", "nothing", "everyone", "anyone", "somebody", "anybody", "one", "ones", "who", "whom",
    "i'm", "i've", "i'll", "i'd", "you're", "you've", "you'll", "it's", "that's", "there's", "we're", "we've",
    "they're", "he's", "she's", "what's", "let's",
];

// From `src/rules/english/names.rs`.
/// A word with "'s" that is a contraction ("Here's the code"), not a possessive.
pub const CONTRACTIONS: &[&str] = &[
    "here's", "there's", "let's", "that's", "it's", "what's", "who's", "where's", "he's", "she's", "how's", "when's",
];

// From `src/rules/english/synth.rs`.
/// Every form of "you": a sentence that holds one speaks to the listener.
pub const SECOND_PERSON: &[&str] = &[
    "you", "your", "you're", "you've", "you'll", "you'd", "yours", "yourself", "ya",
];

// From `src/rules/english/vocab/doer.rs`.
/// Auxiliaries, negations and modal verbs between a subject and its verb ("it doesn't work",
/// "the app is running").
///
/// Kept apart from [`AUXILIARIES`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const DOER_AUXILIARIES: &[&str] = &[
    "is",
    "are",
    "am",
    "was",
    "were",
    "isn't",
    "aren't",
    "wasn't",
    "weren't",
    "does",
    "doesn't",
    "did",
    "didn't",
    "will",
    "won't",
    "would",
    "wouldn't",
    "can",
    "can't",
    "could",
    "couldn't",
    "should",
    "shouldn't",
    "might",
    "may",
    "has",
    "have",
    "had",
    "been",
    "be",
    "not",
    "still",
    "also",
    "just",
    "never",
];

// From `src/rules/english/vocab/doer.rs`.
/// The forms of "be", after which a noun is a complement, not a verb.
pub const BE: &[&str] = &[
    "is", "are", "am", "was", "were", "isn't", "aren't", "wasn't", "weren't", "been", "be",
];

// From `src/rules/english/vocab/phrases.rs`.
/// Words that open a noun phrase.
///
/// Kept apart from [`DETERMINERS`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const PHRASES_DETERMINERS: &[&str] = &[
    "a", "an", "the", "my", "our", "this", "these", "that", "those", "your", "his", "her", "their",
];

// From `src/rules/english/vocab/sense.rs`.
/// Words that open a noun phrase: what follows a verb after one of them is its object.
///
/// Kept apart from [`DETERMINERS`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const SENSE_DETERMINERS: &[&str] = &[
    "a", "an", "the", "my", "your", "his", "her", "our", "their", "this", "that", "these", "those", "some", "its",
];

// From `src/rules/english/vocab/sense.rs`.
/// Object pronouns a phrasal verb takes before its particle ("walk me through").
pub const OBJECT_PRONOUNS: &[&str] = &["me", "you", "us", "them", "him", "her", "it", "this", "that", "someone"];

// From `src/rules/english/vocab/sense.rs`.
/// Prepositions and adverbs of direction after a verb, which take no object of their own
/// ("walk around Shinjuku", "run along the river", "work abroad").
pub const PARTICLES: &[&str] = &[
    "around", "along", "across", "past", "through", "toward", "towards", "up", "down", "over", "under", "near", "by",
    "outside", "inside", "back", "away", "off", "abroad", "ahead", "behind", "beside", "round", "together",
];

//! Words about people: gendered words, subjects and their agreement, words that are not names,
//! relations and trades, words that address the listener.
//!
//! Each list says the file it came from. Lists of one name but different words serve different
//! rules and are kept apart, the second named after the file that reads it (`SENSE_DETERMINERS`
//! beside `DETERMINERS`).

// From `src/ingest/name.rs`.
/// Capitalised words that follow "I'm" without being a name.
pub const NOT_NAMES: &[&str] = &[
    "I",
    "Not",
    "So",
    "Just",
    "Still",
    "Also",
    "Fine",
    "Good",
    "Great",
    "Okay",
    "Ok",
    "OK",
    "Here",
    "Back",
    "Sorry",
    "Glad",
    "Happy",
    "Sure",
    "Really",
    "Very",
    "Tired",
    "Done",
    "Home",
    "Free",
    "Ready",
    "American",
    "Canadian",
    "Australian",
    "Indian",
    "Italian",
    "German",
    "Mexican",
    "Korean",
    "Christian",
    "Catholic",
    "Muslim",
    "Jewish",
    "Hindu",
    "Buddhist",
    "Vegan",
    "Vegetarian",
    "Gay",
    "Trans",
    "Black",
    "White",
    "Asian",
    "African",
    "European",
    "Latina",
    "Latino",
    "The",
    "A",
    "An",
    "In",
    "On",
    "At",
    "Of",
    "From",
    "With",
    "Going",
    "Getting",
    "Doing",
    "Thinking",
    "Trying",
    "Looking",
    "Feeling",
    "Working",
    "Planning",
    "Hoping",
    "Excited",
    "Nervous",
    "Curious",
    "New",
    "Old",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

// From `src/retrieval/profile.rs`.
/// Words that speak to the listener: a mention holding one is about the listener's life.
pub const TO_LISTENER: &[&str] = &["you", "your", "you're", "you've", "yours", "yourself"];

// From `src/rules/english/abstraction/case.rs`.
/// Words of general-event names that stay capitalised inside a sentence.
pub const PROPER: &[&str] = &[
    "Japan",
    "English",
    "Python",
    "Spanish",
    "French",
    "Christmas",
    "I",
    "Italian",
    "Mexican",
    "Japanese",
    "Chinese",
    "Indian",
    "Thai",
    "Korean",
    "Greek",
    "German",
    "American",
    "Mediterranean",
    "Vietnamese",
];

// From `src/rules/english/abstraction/whose.rs`.
/// Discourse lead-ins ("BTW, …", "Anyway, …") that carry nothing a summary keeps.
pub const LEAD_INS: &[&str] = &[
    "btw",
    "by the way",
    "anyway",
    "anyways",
    "oh",
    "well",
    "so",
    "also",
    "plus",
    "honestly",
    "actually",
    "hey",
    "wow",
    "ugh",
    "yeah",
    "yes",
    "lol",
    "haha",
    "oh well",
    "ok",
    "okay",
];

// From `src/rules/english/abstraction/whose.rs`.
/// Words that speak to the listener: a line holding one is about the listener's life.
///
/// Kept apart from [`TO_LISTENER`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const WHOSE_TO_LISTENER: &[&str] = &[
    "you", "your", "you're", "you've", "you'll", "you'd", "yours", "yourself",
];

// From `src/rules/english/abstraction/gather.rs`.
/// Words that speak of the listener's own life or doings ("your adoption journey", "you're
/// moving"), unlike a bare "you" that asks their view ("what do you think?").
pub const LISTENERS_LIFE: &[&str] = &["your", "yours", "you're", "you've", "you'll", "you'd", "yourself"];

// From `src/rules/english/names.rs`.
/// Capitalised words that are never names.
///
/// Kept apart from [`NOT_NAMES`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const NAMES_NOT_NAMES: &[&str] = &[
    "I",
    "I'm",
    "I've",
    "I'll",
    "I'd",
    "The",
    "A",
    "An",
    "My",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "OK",
    "Ok",
    "Oh",
    "Yes",
    "No",
    "So",
    "But",
    "And",
    "It",
    "It's",
    "That",
    "This",
    "We",
    "He",
    "She",
    "They",
    "You",
    "Thanks",
    "Hi",
    "Hey",
    "Wow",
    "Also",
    "Just",
    "Well",
];

// From `src/rules/english/person/agreement.rs`.
/// Words after which the next verb is bare, and so is one coordinated with it.
pub const BARE_AFTER: &[&str] = &[
    "to",
    "can",
    "could",
    "will",
    "would",
    "should",
    "must",
    "might",
    "may",
    "can't",
    "won't",
    "wouldn't",
    "couldn't",
    "shouldn't",
    "didn't",
    "don't",
    "doesn't",
    "did",
    "does",
    "let",
    "lets",
    "gonna",
    "wanna",
    "gotta",
];

// From `src/rules/english/person/agreement.rs`.
/// Base forms that, after "and", continue the person's own sentence ("… and have been trying",
/// "… and miss it") and so agree with the person. Only these: after "and" most words start a
/// new noun or clause, and "love", "hope" or "plan" there are as often nouns ("self-acceptance
/// and love theme").
pub const COORDINATED: &[&str] = &[
    "have", "do", "don't", "am", "want", "need", "miss", "enjoy", "feel", "think", "know", "spend", "try", "forget",
    "get", "go", "keep", "remember", "realize", "wonder", "struggle", "tend", "prefer", "take", "make",
];

// From `src/rules/english/person/agreement.rs`.
/// Words that bring another subject into the sentence, after which a coordinated verb is theirs.
pub const SUBJECTS: &[&str] = &[
    "we", "you", "he", "she", "they", "it", "who", "that", "which", "there", "this", "these", "those", "people",
];

// From `src/rules/english/person/mentions.rs`.
/// Words that name a woman or girl, for a pronoun's gender ("my sister" → "she").
pub const FEMALE: &[&str] = &[
    "wife",
    "girlfriend",
    "sister",
    "mom",
    "mother",
    "mum",
    "daughter",
    "aunt",
    "grandma",
    "grandmother",
    "niece",
    "fiancee",
    "fiancée",
    "stepmom",
];

// From `src/rules/english/person/mentions.rs`.
/// Words that name a man or boy, for a pronoun's gender ("my brother" → "he").
pub const MALE: &[&str] = &[
    "husband",
    "boyfriend",
    "brother",
    "dad",
    "father",
    "son",
    "uncle",
    "grandpa",
    "grandfather",
    "nephew",
    "fiance",
    "fiancé",
    "stepdad",
];

// From `src/rules/english/vocab/doer.rs`.
/// Pronouns and contractions that make a person the subject.
pub const PERSON_SUBJECTS: &[&str] = &[
    "i", "we", "you", "he", "she", "they", "i'm", "we're", "you're", "he's", "she's", "they're", "i've", "we've",
    "i'll", "we'll", "i'd", "we'd", "who",
];

// From `src/rules/english/vocab/frame.rs`.
/// Possessives and pronouns of the speaker: what they qualify is the speaker's own.
pub const SPEAKERS: &[&str] = &["my", "our", "i", "we", "me", "us", "i'm", "we're", "i've", "we've"];

// From `src/rules/english/extract.rs`.
/// Words of the speaker's own part in a clause: one holding any is (also) about the speaker.
pub const SPEAKERS_OWN: &[&str] = &[
    "i",
    "i'm",
    "i've",
    "i'd",
    "i'll",
    "me",
    "my",
    "mine",
    "myself",
    "we",
    "we're",
    "we've",
    "we'd",
    "we'll",
    "us",
    "our",
    "ours",
    "ourselves",
];

// From `src/rules/english/extract.rs`.
/// Words that may open a clause before its subject ("and", "but", "oh", "well").
pub const CLAUSE_FILLERS: &[&str] = &[
    "and", "but", "so", "oh", "wow", "well", "hey", "yeah", "yes", "also", "then",
];

// From `src/rules/english/extract.rs`.
/// Subjects that make a clause the doing of the people a product or a service serves. "He" and
/// "she" are not here: what a partner cooks or a child plays is often the speaker's life too
/// ("my wife is thrilled, she's been cooking lentil curry").
pub const OTHER_SUBJECTS: &[&str] = &["users", "customers", "clients", "testers", "patients", "students"];

// From `src/rules/english/extract.rs`.
/// Words that make the listener a clause's subject or object of its own doing ("you're so good
/// at painting", "you've always loved sailing", "treat yourself").
pub const LISTENER_SUBJECTS: &[&str] = &["you're", "you've", "you'll", "you'd", "yourself", "yourselves"];

// From `src/rules/english/extract.rs`.
/// What may follow a clause-opening "you" when the clause speaks of what the listener said or
/// should do, not of the listener's own life: "You suggested Redis", "You should try it".
pub const YOU_SAID_OR_MAY: &[&str] = &[
    "suggested",
    "mentioned",
    "said",
    "recommended",
    "told",
    "showed",
    "gave",
    "asked",
    "wrote",
    "explained",
    "helped",
    "pointed",
    "can",
    "could",
    "should",
    "would",
    "will",
    "might",
    "may",
    "must",
    "need",
    "know",
    "see",
];

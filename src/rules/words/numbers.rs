//! Numbers, units, weekdays and quantities as English writes them.
//!
//! Each list says the file it came from.

// From `src/ingest/settings.rs`.
/// Words after a number that make it a length of time or a count of something else, not a
/// version ("Python 3.10" is one, "took 2.5 hours" is not).
pub const NOT_VERSION_AFTER: &[&str] = &[
    "hours", "hour", "minutes", "minute", "seconds", "second", "days", "day", "weeks", "week", "months", "month",
    "years", "year", "km", "miles", "mi", "kg", "lbs", "percent", "times", "x", "ms", "mb", "gb", "kb",
];

// From `src/ingest/settings.rs`.
/// Nouns that name a quantity one has or sets ("a budget of $2,000", "my completion rate of
/// 92%"): after them "of" introduces the value, where after most nouns it introduces a part.
pub const QUANTITIES: &[&str] = &[
    "limit",
    "rate",
    "budget",
    "timeout",
    "size",
    "score",
    "salary",
    "income",
    "rent",
    "price",
    "cost",
    "target",
    "goal",
    "weight",
    "speed",
    "threshold",
    "capacity",
    "interval",
    "length",
    "duration",
    "quota",
    "cap",
    "maximum",
    "minimum",
    "max",
    "min",
    "deadline",
    "count",
    "mortgage",
    "savings",
    "allowance",
    "temperature",
    "dose",
    "dosage",
    "frequency",
    "latency",
    "ttl",
    "expiry",
    "expiration",
    "retention",
    "concurrency",
    "pace",
    "mileage",
    "distance",
    "total",
    "amount",
    "percentage",
    "accuracy",
    "coverage",
    "margin",
    "fee",
];

// From `src/retrieval/slots.rs` and `src/rules/english/extractive/money.rs`.
/// Periods said as adverbs, of a rate ("$500 monthly") or of a question ("How much do I spend
/// weekly?").
pub const PERIOD_ADVERBS: &[&str] = &[
    "hourly",
    "daily",
    "nightly",
    "weekly",
    "fortnightly",
    "monthly",
    "quarterly",
    "yearly",
    "annually",
];

// From `src/ingest/settings.rs`.
/// Words that join a quantity to its unit ("twice per week", "three a day").
pub const UNIT_JOINS: &[&str] = &["per", "a", "an", "each", "every"];

// From `src/ingest/slots.rs`.
/// Words after an age that show it is one ("I'm 34 and …", "I'm 34 years old").
pub const AFTER_AGE: &[&str] = &["years", "year", "yo", "and", "but", "now", "so", "with", "this", "next"];

// From `src/rules/english/extractive/spans.rs`.
/// Number and count words a "how many/often" answer is cut around ("two", "twice", "a dozen").
pub const NUMBERS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "once", "twice",
    "several", "few", "couple", "dozen", "a",
];

// From `src/rules/english/extractive/spans.rs`.
/// Units of time a count or an "in N weeks" date is measured in ("in three weeks").
pub const UNITS: &[&str] = &[
    "day", "days", "week", "weeks", "month", "months", "year", "years", "weekend", "morning", "night", "evening",
    "hour", "hours", "minute", "minutes", "second", "seconds",
];

// From `src/rules/english/extractive/spans.rs`.
/// Weekday names, lower case ("monday"), so a weekday is not read as a name or a noun.
pub const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

// From `src/rules/english/extract.rs`.
/// Weekday, month, ordinal, number and part-of-day words ("monday", "third", "evening"): a
/// date or a count, never a relation's target.
pub const CALENDAR_OR_COUNT: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "weekend",
    "weekday",
    "week",
    "month",
    "year",
    "day",
    "hour",
    "minute",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "last",
    "next",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "hundred",
    "thousand",
    "million",
    "today",
    "tomorrow",
    "yesterday",
    "tonight",
    "morning",
    "evening",
    "afternoon",
    "night",
];

// From `src/rules/english/extractive/typed.rs`.
/// Number words, decades of age included ("twelve", "in her thirties"), that make an answer
/// state a number.
pub const NUMBER_WORDS: &[&str] = &[
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "teens",
    "twenties",
    "thirties",
    "forties",
    "fifties",
    "sixties",
    "seventies",
    "eighties",
    "nineties",
];

// From `src/rules/english/extract.rs`.
/// Words after a number that say how often or how long an activity is done, not what it is
/// done to ("3 times a week", "twice for 20 minutes", "5 km").
pub const HOW_OFTEN_OR_LONG: &[&str] = &[
    "times", "time", "days", "day", "hours", "hour", "minutes", "minute", "mins", "weeks", "week", "months", "month",
    "years", "year", "km", "miles", "mile", "laps", "sessions", "a", "per", "each", "every", "x",
];

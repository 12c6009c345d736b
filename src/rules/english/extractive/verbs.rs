//! Word matching for the short answer: Porter stems, with the past forms of common irregular
//! verbs read as their base ("saw" matches "see", "bought" matches "buy"), so a question in
//! the present finds a turn told in the past.

/// Past tense and participle → base form, for the irregular verbs conversation uses most.
#[rustfmt::skip]
const IRREGULAR: &[(&str, &str)] = &[
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

/// The stem a word is matched by.
pub(in crate::rules) fn stem(word: &str) -> String {
    let base = IRREGULAR
        .iter()
        .find(|(past, _)| *past == word)
        .map_or(word, |(_, base)| base);
    crate::text::stem::stem(base)
}

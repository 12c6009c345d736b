//! The amount of money that answers "how much does it cost", "how much do I pay": a sum with
//! its currency and its period ("24 dollars a month", "€6 per month", "$85,000"), never the
//! first number of the sentence ("one droplet", "12 endpoints").

use crate::rules::words::numbers::PERIOD_ADVERBS;
use crate::rules::words::questions::PRICE_WORDS;

/// Currency words said after the number.
const CURRENCIES: &[&str] = &[
    "dollar", "dollars", "bucks", "euro", "euros", "pound", "pounds", "quid", "yen", "yuan", "rupees", "francs", "usd",
    "eur", "gbp", "cad", "aud", "chf",
];

/// Periods a price is said per.
const PERIODS: &[&str] = &[
    "month", "year", "week", "day", "hour", "night", "person", "head", "user", "seat",
];

/// Words of a question that ask for a price or a sum.
const MONEY_ASKS: &[&str] = &[
    "cost", "costs", "pay", "paid", "pays", "price", "charge", "charged", "charges", "spend", "spent", "earn", "earns",
    "earned", "owe", "owes", "budget", "salary", "rent", "fee", "fees", "worth", "save", "saved", "deposit",
    "deposits", "fare", "fares", "tuition", "bill", "bills", "loan", "mortgage", "income", "wage", "wages", "refund",
    "donated", "donation", "raised",
];

/// Whether a "how much" question asks for money: it says a word of money ("How much does the
/// VM cost?"), or "much" asks after the doing itself ("How much do I put aside each month?"),
/// where "How much time…" or "How much weight…" names what it measures.
pub fn asks_money(question: &str) -> bool {
    let words: Vec<String> = crate::text::words(question).collect();
    let bare = words.windows(2).any(|w| {
        w[0] == "much"
            && matches!(
                w[1].as_str(),
                "do" | "does" | "did" | "have" | "has" | "had" | "will" | "would" | "should" | "can" | "could"
            )
    });
    words.iter().any(|w| w == "much") && (bare || words.iter().any(|w| MONEY_ASKS.contains(&w.as_str())))
}

/// Whether a "what" question asks for a price: "What do I charge per month?", "What is the
/// fee for the course?", "What's my rent?". A sum answers it.
pub fn asks_price(question: &str) -> bool {
    crate::text::words(question).any(|w| PRICE_WORDS.contains(&w.as_str()))
}

/// Whether `text` says a sum of money ("$115 per week", "24 dollars a month"): what a question
/// that asks for money can be answered with.
#[must_use]
pub fn says_money(text: &str) -> bool {
    money(text).is_some()
}

/// The first sum of money in `text`, with its currency and period.
pub(super) fn money(text: &str) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let digits = |t: &str| t.chars().next().is_some_and(|c| c.is_ascii_digit());
    for (i, raw) in toks.iter().enumerate() {
        let t = raw.trim_start_matches(['(', '"', '\'']);
        let symbol = t.starts_with(['$', '€', '£', '¥', '₹']) && t.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
        let word = digits(t) && toks.get(i + 1).is_some_and(|n| CURRENCIES.contains(&clean(n).as_str()));
        if !(symbol || word) {
            continue;
        }
        let mut parts = vec![
            t.trim_end_matches(|c: char| c.is_ascii_punctuation() && c != '%')
                .to_string(),
        ];
        let mut end = i + 1;
        if word {
            parts.push(clean(toks[i + 1]));
            end += 1;
        }
        // "a month", "per month", "each year".
        let ended = toks[end - 1].ends_with([',', '.', ';', ':', '!', '?']);
        if !ended
            && let (Some(a), Some(p)) = (toks.get(end), toks.get(end + 1))
            && matches!(clean(a).as_str(), "a" | "an" | "per" | "each" | "every")
            && PERIODS.contains(&clean(p).as_str())
        {
            parts.push(clean(a));
            parts.push(clean(p));
        } else if !ended
            && let Some(adverb) = toks.get(end).map(|t| clean(t))
            && PERIOD_ADVERBS.contains(&adverb.as_str())
        {
            // "$500 monthly".
            parts.push(adverb);
        }
        return Some(parts.join(" "));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_is_the_sum_with_its_currency_and_period() {
        assert_eq!(
            money("We run everything on one DigitalOcean droplet that costs 24 dollars a month."),
            Some("24 dollars a month".into())
        );
        assert_eq!(
            money("The Hetzner VM serves 12 endpoints and costs €6 per month."),
            Some("€6 per month".into())
        );
        assert_eq!(
            money("I'm 60 and earning $85,000, will that be a problem?"),
            Some("$85,000".into())
        );
        assert_eq!(money("It has 12 endpoints."), None);
        assert!(asks_money("How much does the droplet cost?"));
        assert!(!asks_money("How much sleep does Noor get?"));
        assert!(asks_money("How much do I put aside each month?"));
        assert!(asks_money("How much have we saved for the trip?"));
        assert!(!asks_money("How much is the memory usage per session?"));
        assert!(asks_money("How much was the deposit for the venue?"));
    }
}

//! Income that holdings yield is no salary. "I chose dividend stocks for steady income" and
//! "my bonds give me some income" speak of investing: "income" in a clause that names what is
//! held for its yield (stocks, bonds, funds, a rental) files no Salary. "My income went up when
//! I changed jobs" still does.

use crate::lexicon::Located;
use crate::rules::words::nouns::HOLDINGS;

/// The general event income is filed under.
const SALARY: &str = "Salary";

/// Whether `found`, income filed under salary, is what holdings yield (see the module).
pub(super) fn yielded_income(toks: &[String], found: &Located<'_>) -> bool {
    found.entry.general == SALARY
        && toks.get(found.at).is_some_and(|w| w == "income")
        && toks.iter().any(|w| HOLDINGS.contains(&w.as_str()))
}

#[cfg(test)]
mod tests {
    use super::yielded_income;
    use crate::lexicon::Lexicon;
    use crate::text::words;

    fn yielded(text: &str) -> bool {
        let toks: Vec<String> = words(text).collect();
        Lexicon::builtin()
            .located(text)
            .iter()
            .filter(|f| f.entry.general == "Salary")
            .any(|f| yielded_income(&toks, f))
    }

    #[test]
    fn income_from_what_is_held_is_no_salary() {
        assert!(yielded("I chose dividend stocks for steady income."));
        assert!(yielded("My bonds give me some income every quarter."));
        assert!(!yielded("My income went up when I changed jobs."));
    }
}

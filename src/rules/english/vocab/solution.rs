//! Work as the steps of a solution: "check my work", "show your work", "my work so far is:",
//! "is my work right?". Said of a problem being solved, "work" is what the solver wrote down,
//! not their employment ("my work at the hospital", "after work").

use crate::rules::words::verbs::CHECKING;

/// Whether the match at `at`, `len` words long, is the bare noun "work" after a possessive,
/// either the object of a verb of checking ("check my work", "verify your work") or followed
/// by what is said of a solution ("my work so far", "my work is right").
pub(super) fn solution_work(toks: &[String], at: usize, len: usize) -> bool {
    if len != 1 || toks.get(at).is_none_or(|w| w != "work") {
        return false;
    }
    let before = |k: usize| at.checked_sub(k).and_then(|j| toks.get(j)).map(String::as_str);
    if !matches!(before(1), Some("my" | "your" | "our" | "his" | "her" | "their")) {
        return false;
    }
    let checked = before(2).is_some_and(|v| CHECKING.contains(&v));
    let next = |k: usize| toks.get(at + k).map(String::as_str);
    let judged = matches!((next(1), next(2)), (Some("so"), Some("far")))
        || (matches!(next(1), Some("is" | "was" | "looks"))
            && matches!(next(2), Some("right" | "correct" | "wrong" | "ok" | "okay")));
    checked || judged
}

#[cfg(test)]
mod tests {
    use super::solution_work;
    use crate::text::words;

    fn at_work(s: &str) -> bool {
        let toks: Vec<String> = words(s).collect();
        toks.iter()
            .position(|w| w == "work")
            .is_some_and(|i| solution_work(&toks, i, 1))
    }

    #[test]
    fn the_steps_of_a_solution_are_no_employment() {
        assert!(at_work("Can you check my work and make sure I used the right formula?"));
        assert!(at_work("My work so far is:"));
        assert!(at_work("Can you tell me if my work is right?"));
        assert!(!at_work("I love my work at the hospital."));
        assert!(!at_work("I had a long week at work."));
        assert!(!at_work("My work is stressful these days."));
    }
}

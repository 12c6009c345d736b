//! Work a machine does and what it is built from: "a nightly ETL job", "the sync job", "cron
//! jobs" are units of computation, not the person's employment ("my job at the hospital", "a
//! new job"); "the requests library" in a sentence about code is a software package, not a
//! place to borrow books.

use crate::rules::words::code::{CODE_WORDS, JOB_MACHINERY, RUN_BY_PROGRAMS};
use crate::rules::words::function::{OBJECT_PRONOUNS, SENSE_DETERMINERS};

/// Whether the match at `at`, `len` words long, is the bare word "library"/"libraries" in a
/// sentence that speaks of code ([`CODE_WORDS`]: "I'm using Python and the facebook-sdk
/// library", "which library should I import?"), or one named as software is: by an identifier
/// before it ("the boto3 library", "the websocket-client library") or an example after it ("a
/// library like jinja2").
pub(super) fn software_library(toks: &[String], at: usize, len: usize) -> bool {
    if len != 1 || !toks.get(at).is_some_and(|w| w == "library" || w == "libraries") {
        return false;
    }
    let identifier = |w: &String| {
        w.chars().any(|c| c.is_ascii_digit() || matches!(c, '-' | '_' | '.')) && w.chars().any(char::is_alphabetic)
    };
    let named_before = at.checked_sub(1).and_then(|j| toks.get(j)).is_some_and(identifier);
    // Books are held in "a library like ours" or "like the one downtown"; a thing named right
    // after "like" is a package ("a library like tenacity", "a library like React Beautiful DnD").
    let example_after = toks.get(at + 1).is_some_and(|w| w == "like")
        && toks.get(at + 2).is_some_and(|w| {
            identifier(w)
                || CODE_WORDS.contains(&w.as_str())
                || !(SENSE_DETERMINERS.contains(&w.as_str())
                    || OBJECT_PRONOUNS.contains(&w.as_str())
                    || matches!(
                        w.as_str(),
                        "ours" | "mine" | "yours" | "theirs" | "one" | "any" | "every"
                    ))
        });
    // A version after it ("the library v2.28.2", "library 1.4") is a release of software.
    let versioned = toks.get(at + 1).is_some_and(|w| release(w));
    named_before || example_after || versioned || code_sentence(toks)
}

/// Whether a word is a release number ("1", "v2" of "v2.28.2", as [`crate::text::words`]
/// splits it): after a name, it makes the name software.
pub(super) fn release(w: &str) -> bool {
    w.strip_prefix('v')
        .unwrap_or(w)
        .starts_with(|c: char| c.is_ascii_digit())
}

/// Whether a sentence speaks of code: it names one of [`CODE_WORDS`] ("run the tests in the
/// Docker container", "the API documentation", "modify my test code to run in parallel"). There
/// a word with a common technical sense (run, job, work, reading, operation, management) is
/// taken in it unless the sentence itself speaks for the filed one.
pub(crate) fn code_sentence(toks: &[String]) -> bool {
    toks.iter().any(|w| CODE_WORDS.contains(&w.as_str()))
}

/// Whether the match at `at`, `len` words long, is the bare word "job"/"jobs" (not "job
/// interview") run by a program: after one of
/// [`RUN_BY_PROGRAMS`] (a word or two back, "the nightly ETL job"), or before one of
/// [`JOB_MACHINERY`] ("the job queue").
pub(super) fn machine_job(toks: &[String], at: usize, len: usize) -> bool {
    let Some(word) = toks.get(at) else {
        return false;
    };
    if len != 1 || (word != "job" && word != "jobs") {
        return false;
    }
    let before = (1..=2).any(|k| {
        at.checked_sub(k)
            .and_then(|j| toks.get(j))
            .is_some_and(|w| RUN_BY_PROGRAMS.contains(&w.as_str()))
    });
    let after = toks.get(at + 1).is_some_and(|w| JOB_MACHINERY.contains(&w.as_str()));
    before || after
}

#[cfg(test)]
mod tests {
    use super::machine_job;
    use crate::text::words;

    fn at_job(s: &str) -> bool {
        let toks: Vec<String> = words(s).collect();
        toks.iter()
            .position(|w| w == "job" || w == "jobs")
            .is_some_and(|i| machine_job(&toks, i, 1))
    }

    #[test]
    fn a_library_in_a_sentence_about_code_is_software() {
        let lib = |s: &str| {
            let toks: Vec<String> = words(s).collect();
            toks.iter()
                .position(|w| w == "library")
                .is_some_and(|i| super::software_library(&toks, i, 1))
        };
        assert!(lib("I'm using Python and the facebook-sdk library."));
        assert!(lib("Should I use a specific library to manage my API tokens?"));
        assert!(lib("I've tried the websocket-client library."));
        assert!(lib("Someone said a library like jinja2 makes this easier."));
        assert!(lib("Should I be using a library like tenacity or my own retry logic?"));
        assert!(lib(
            "I've heard that a library like `react-accessible` helps with that."
        ));
        assert!(!lib("I wish our town had a library like the one in Leeds."));
        assert!(!lib("We never had a library like ours growing up."));
        assert!(lib("I've switched to the boto3 library."));
        assert!(lib(
            "We've noticed slowdowns with the library v2.28.2 since the upgrade."
        ));
        assert!(!lib("I borrowed three novels from the public library."));
        assert!(!lib("I spent the afternoon at the library reading novels."));
    }

    #[test]
    fn a_program_s_job_is_no_employment() {
        assert!(at_job("I use a nightly ETL job to process the records."));
        assert!(at_job("The sync job handles network failures."));
        assert!(at_job("I added job cancellation to the scheduler."));
        assert!(at_job(
            "I want to reduce the latency in job dispatch for my scheduling algorithm."
        ));
        assert!(at_job("The job execution time doubled after the upgrade."));
        assert!(!at_job("I love my job at the hospital."));
        assert!(!at_job("I got a new job last week."));
        // "job interview" is a match of its own, whatever stands before it.
        let toks: Vec<String> = words("my pending job interview").collect();
        assert!(!machine_job(&toks, 2, 2));
    }
}

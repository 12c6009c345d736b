//! PostgreSQL faults each get one sentence naming the URL without its password: no server at
//! the address, a refused login, a URL that names no person.

use rgmem::log::pg::PgLog;
use rgmem::log::redact;

/// A localhost port nothing listens on: one the kernel handed out and that was closed again.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[test]
fn connection_refused_is_one_sentence_without_the_password() {
    let url = format!("postgres://alex:s3cret@127.0.0.1:{}/db?person=alex", closed_port());
    let message = PgLog::open(&url).err().unwrap().to_string();
    assert!(
        message.starts_with("cannot connect to the PostgreSQL server at postgres://alex:***@127.0.0.1:"),
        "{message}"
    );
    assert!(!message.contains("s3cret"), "{message}");
    assert!(!message.contains('\n'), "{message}");
}

#[test]
fn a_url_without_a_person_is_refused_before_connecting() {
    let message = PgLog::open("postgres://alex:pw@127.0.0.1:1/db")
        .err()
        .unwrap()
        .to_string();
    assert!(message.contains("names no person"), "{message}");
    assert!(!message.contains(":pw@"), "{message}");
}

#[test]
fn a_refused_login_is_one_sentence_without_the_password() {
    let Some(base) = std::env::var("RGMEM_TEST_POSTGRES").ok().filter(|u| !u.is_empty()) else {
        println!("a_refused_login_is_one_sentence_without_the_password: skipped: no server (set RGMEM_TEST_POSTGRES)");
        return;
    };
    // The test server trusts its own user only: another role does not exist.
    let Some((_, host)) = base.split_once('@') else {
        panic!("RGMEM_TEST_POSTGRES has no user: {base}");
    };
    let url = format!("postgres://nobody_here:s3cret@{host}?person=alex");
    let message = PgLog::open(&url).err().unwrap().to_string();
    assert!(message.contains("refused the login"), "{message}");
    assert!(message.contains("nobody_here:***@"), "{message}");
    assert!(!message.contains("s3cret"), "{message}");
}

#[test]
fn redaction_keeps_everything_but_the_password() {
    assert_eq!(
        redact("postgres://u:p@h:5/d?person=x"),
        "postgres://u:***@h:5/d?person=x"
    );
    assert_eq!(redact("postgres://u@h/d"), "postgres://u@h/d");
    assert_eq!(redact("postgres://h"), "postgres://h");
}

//! PostgreSQL driver errors as one sentence each, naming the URL without its password: no
//! server, a refused login, a lost connection (reopening resumes), or what the server answered.

use crate::error::Error;
use postgres::error::SqlState;

/// A failed connection as one sentence: refused (no server), or the login refused.
pub(super) fn connect_error(shown: &str, e: &postgres::Error) -> Error {
    match e.as_db_error() {
        Some(db)
            if db.code() == &SqlState::INVALID_PASSWORD
                || db.code() == &SqlState::INVALID_AUTHORIZATION_SPECIFICATION =>
        {
            Error::Postgres(format!(
                "the PostgreSQL server at {shown} refused the login: {}",
                db.message()
            ))
        }
        Some(db) => Error::Postgres(format!(
            "the PostgreSQL server at {shown} refused the connection: {}",
            db.message()
        )),
        None => Error::Postgres(format!(
            "cannot connect to the PostgreSQL server at {shown}: {}",
            cause(e)
        )),
    }
}

/// A failed query as one sentence; a lost connection says that reopening resumes.
pub(super) fn query_error(shown: &str, e: &postgres::Error) -> Error {
    let lost = e.is_closed()
        || e.as_db_error().is_some_and(|db| {
            [
                SqlState::ADMIN_SHUTDOWN,
                SqlState::CRASH_SHUTDOWN,
                SqlState::CANNOT_CONNECT_NOW,
            ]
            .contains(db.code())
        })
        || cause_is_io(e);
    if lost {
        return Error::Postgres(format!(
            "the connection to the PostgreSQL server at {shown} was lost; nothing of the step in progress was stored, and reopening resumes after the last stored step"
        ));
    }
    match e.as_db_error() {
        Some(db) => Error::Postgres(format!("the PostgreSQL server at {shown} answered: {}", db.message())),
        None => Error::Postgres(format!("the PostgreSQL server at {shown} failed: {}", cause(e))),
    }
}

/// Whether a driver error came from the socket (the server went away mid-conversation).
fn cause_is_io(e: &postgres::Error) -> bool {
    let mut next = std::error::Error::source(e);
    while let Some(cause) = next {
        if cause.is::<std::io::Error>() {
            return true;
        }
        next = cause.source();
    }
    false
}

/// The innermost cause of a driver error (e.g. "Connection refused (os error 111)").
fn cause(e: &postgres::Error) -> String {
    let mut last: &dyn std::error::Error = e;
    while let Some(next) = last.source() {
        last = next;
    }
    last.to_string()
}

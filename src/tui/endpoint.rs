//! The check of a model server at start: can it be reached, and does it answer? A plain
//! `GET {base}/models` over TCP with short timeouts, so a wrong port, a stopped server or one that
//! accepts but never answers is named in a banner before the first message is sent.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// How long the check waits to connect, and then for the first byte of a reply.
pub const WAIT: Duration = Duration::from_secs(3);

/// `Ok` when the server at `base` (up to and including `/v1`) answers anything at all; else what
/// is wrong, in words. An https server is only connected to (its reply would need TLS).
pub fn check(base: &str, wait: Duration) -> Result<(), String> {
    let url = reqwest::Url::parse(base).map_err(|e| format!("{base} is not a URL ({e})"))?;
    let host = url.host_str().ok_or_else(|| format!("{base} names no host"))?;
    let port = url
        .port_or_known_default()
        .ok_or_else(|| format!("{base} names no port"))?;
    let addrs: Vec<_> = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot find {host} ({e})"))?
        .collect();
    let mut last = format!("{host} has no address");
    let mut stream = None;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, wait) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(e) => last = format!("cannot connect to {base} ({e})"),
        }
    }
    let mut stream = stream.ok_or(last)?;
    if url.scheme() != "http" {
        return Ok(());
    }
    let path = format!("{}/models", url.path().trim_end_matches('/'));
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n");
    let silent = || {
        format!(
            "{base} accepts connections but does not answer (nothing in {} s)",
            wait.as_secs_f64()
        )
    };
    stream
        .set_read_timeout(Some(wait))
        .and_then(|()| stream.set_write_timeout(Some(wait)))
        .and_then(|()| stream.write_all(request.as_bytes()))
        .map_err(|e| format!("cannot send to {base} ({e})"))?;
    let mut first = [0_u8; 1];
    match stream.read(&mut first) {
        Ok(0) => Err(format!("{base} closed the connection without answering")),
        Ok(_) => Ok(()),
        Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => Err(silent()),
        Err(e) => Err(format!("{base} did not answer ({e})")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    #[test]
    fn a_server_that_answers_passes() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut buf = [0_u8; 512];
            let _ = s.read(&mut buf);
            s.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n")
                .unwrap();
        });
        assert_eq!(check(&format!("http://127.0.0.1:{port}/v1"), WAIT), Ok(()));
        server.join().unwrap();
    }

    #[test]
    fn a_closed_port_is_named() {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let e = check(&format!("http://127.0.0.1:{port}/v1"), WAIT).unwrap_err();
        assert!(
            e.starts_with(&format!("cannot connect to http://127.0.0.1:{port}/v1")),
            "{e}"
        );
    }

    #[test]
    fn a_server_that_never_answers_is_named() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        // Accepted by the kernel's backlog, never read or answered.
        let e = check(&format!("http://127.0.0.1:{port}/v1"), Duration::from_millis(200)).unwrap_err();
        assert!(e.contains("accepts connections but does not answer"), "{e}");
        drop(listener);
    }

    #[test]
    fn a_malformed_url_is_named() {
        assert!(check("not a url", WAIT).unwrap_err().contains("is not a URL"));
    }
}

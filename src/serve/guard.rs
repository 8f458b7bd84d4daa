//! Who may ask: the checks of `Host`, `Origin`, token and content type that
//! keep other web pages (and DNS rebinding) away from the API.

use std::net::SocketAddr;

use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HOST, HeaderMap, ORIGIN};
use hyper::{Method, Uri};

use super::reply::{Reply, error};

/// What a request is checked against: this server's port and token.
pub(super) struct Guard {
    /// The names this server answers to, `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`.
    hosts: [String; 3],
    /// The run's secret; `None` with `--no-token`.
    token: Option<String>,
}

impl Guard {
    pub(super) fn new(addr: SocketAddr, token: Option<String>) -> Guard {
        let port = addr.port();
        Guard {
            hosts: [
                format!("127.0.0.1:{port}"),
                format!("localhost:{port}"),
                format!("[::1]:{port}"),
            ],
            token,
        }
    }

    /// `Ok` when the request may be answered, else the refusal: 421 for a
    /// `Host` that is not this server, 403 for another `Origin` or a missing or
    /// wrong token (API only), 415 for an API POST that is not JSON.
    pub(super) fn check(
        &self,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
    ) -> Result<(), Reply> {
        let host = headers.get(HOST).and_then(|h| h.to_str().ok());
        if !host.is_some_and(|h| self.is_own(h)) {
            return Err(error(
                421,
                &format!("this server answers to Host {} only", self.hosts.join(", ")),
            ));
        }
        if let Some(origin) = headers.get(ORIGIN) {
            let own = origin
                .to_str()
                .ok()
                .and_then(|o| o.strip_prefix("http://"))
                .is_some_and(|h| self.is_own(h));
            if !own {
                return Err(error(
                    403,
                    "requests from other sites are refused (Origin is not this page)",
                ));
            }
        }
        if !uri.path().starts_with("/api/") {
            return Ok(());
        }
        if let Some(token) = &self.token
            && !given_tokens(uri, headers).any(|t| same(t.as_bytes(), token.as_bytes()))
        {
            return Err(error(
                403,
                "the API needs this run's token: open the address that `graphdoku serve` printed (…/?token=…)",
            ));
        }
        if method == Method::POST {
            let json = headers
                .get(CONTENT_TYPE)
                .and_then(|c| c.to_str().ok())
                .and_then(|c| c.split(';').next())
                .is_some_and(|c| c.trim().eq_ignore_ascii_case("application/json"));
            if !json {
                return Err(error(415, "the API takes Content-Type: application/json"));
            }
        }
        Ok(())
    }

    /// Whether `host` (from `Host`, or `Origin` without its scheme) names this server.
    fn is_own(&self, host: &str) -> bool {
        self.hosts.iter().any(|h| h.eq_ignore_ascii_case(host))
    }
}

/// The tokens a request carries: each `token` query parameter, and an
/// `Authorization: Bearer …` header.
fn given_tokens<'a>(uri: &'a Uri, headers: &'a HeaderMap) -> impl Iterator<Item = &'a str> {
    let query = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter_map(|pair| pair.strip_prefix("token="));
    let bearer = headers
        .get_all(AUTHORIZATION)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .filter_map(|h| h.strip_prefix("Bearer "))
        .map(str::trim);
    query.chain(bearer)
}

/// `a == b` in a time that does not depend on where they first differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard() -> Guard {
        Guard::new("127.0.0.1:8787".parse().unwrap(), Some("s3cret".into()))
    }

    fn status(method: Method, uri: &str, headers: &[(&str, &str)]) -> u16 {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(
                hyper::header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        match guard().check(&method, &uri.parse().unwrap(), &map) {
            Ok(()) => 200,
            Err(reply) => reply.status,
        }
    }

    #[test]
    fn the_page_needs_only_its_host() {
        for host in [
            "127.0.0.1:8787",
            "localhost:8787",
            "LOCALHOST:8787",
            "[::1]:8787",
        ] {
            assert_eq!(status(Method::GET, "/", &[("host", host)]), 200, "{host}");
        }
        for host in [
            "evil.com:8787",
            "127.0.0.1:80",
            "127.0.0.1",
            "localhost.evil.com:8787",
        ] {
            assert_eq!(status(Method::GET, "/", &[("host", host)]), 421, "{host}");
        }
        assert_eq!(status(Method::GET, "/", &[]), 421);
    }

    #[test]
    fn the_api_needs_the_token_json_and_its_own_origin() {
        let host = ("host", "127.0.0.1:8787");
        let json = ("content-type", "application/json; charset=utf-8");
        let bearer = ("authorization", "Bearer s3cret");
        assert_eq!(
            status(Method::POST, "/api/check", &[host, json, bearer]),
            200
        );
        assert_eq!(
            status(Method::POST, "/api/check?token=s3cret", &[host, json]),
            200
        );
        assert_eq!(status(Method::POST, "/api/check", &[host, json]), 403);
        assert_eq!(
            status(Method::POST, "/api/check?token=s3cre", &[host, json]),
            403
        );
        let wrong = ("authorization", "Bearer s3cretX");
        assert_eq!(
            status(Method::POST, "/api/check", &[host, json, wrong]),
            403
        );
        let text = ("content-type", "text/plain");
        assert_eq!(
            status(Method::POST, "/api/check", &[host, text, bearer]),
            415
        );
        assert_eq!(status(Method::POST, "/api/check", &[host, bearer]), 415);
        let own = ("origin", "http://localhost:8787");
        assert_eq!(
            status(Method::POST, "/api/check", &[host, json, bearer, own]),
            200
        );
        for origin in [
            "http://evil.com",
            "null",
            "https://127.0.0.1:8787",
            "http://127.0.0.1:9999",
        ] {
            let other = ("origin", origin);
            assert_eq!(
                status(Method::POST, "/api/check", &[host, json, bearer, other]),
                403,
                "{origin}"
            );
        }
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"ab"));
    }
}

//! The API's answers: a status, a content type and a body; and why a request
//! failed, with its place in a pasted variant or among the request's rules.

use serde_json::{Value, json};

use crate::rules::RuleFault;
use crate::variant::VariantError;

/// An answer: status, content type and body; and for an API request, the
/// memory it reserved at its most (its estimate, sent as `X-Memory-Reserved`).
#[derive(Debug)]
pub(super) struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: Vec<u8>,
    pub reserved: Option<u64>,
}

impl Reply {
    /// A 200 answer of `content_type`.
    pub fn text(content_type: &str, body: &str) -> Reply {
        Reply {
            status: 200,
            content_type: content_type.to_string(),
            body: body.as_bytes().to_vec(),
            reserved: None,
        }
    }

    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json".to_string(),
            body: value.to_string().into_bytes(),
            reserved: None,
        }
    }
}

/// A JSON error answer: `{"error": message}`.
pub(super) fn error(status: u16, message: &str) -> Reply {
    Failure::new(status, message).reply()
}

/// Why a request failed: its status, message, and place in a pasted variant
/// or among the request's rules.
#[derive(Debug, Clone)]
pub(super) struct Failure {
    pub status: u16,
    message: String,
    line: usize,
    column: usize,
    /// The request's rule at fault (its index in `rules`), and the cell it names.
    rule: Option<(usize, Option<String>)>,
}

impl Failure {
    pub fn new(status: u16, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
            line: 0,
            column: 0,
            rule: None,
        }
    }

    pub fn bad(message: impl Into<String>) -> Failure {
        Failure::new(400, message)
    }

    /// 503: the server is busy; the answer says to try again later.
    pub fn busy(message: impl Into<String>) -> Failure {
        Failure::new(503, message)
    }

    /// The same failure at `line` and `column` of the request's text.
    pub fn at(mut self, line: usize, column: usize) -> Failure {
        (self.line, self.column) = (line, column);
        self
    }

    /// `{"error", "line", "column", "rule", "cell"}`, the places only when known.
    pub fn reply(&self) -> Reply {
        let mut body = json!({ "error": self.message });
        if self.line > 0 {
            body["line"] = json!(self.line);
            body["column"] = json!(self.column);
        }
        if let Some((rule, cell)) = &self.rule {
            body["rule"] = json!(rule);
            if let Some(cell) = cell {
                body["cell"] = json!(cell);
            }
        }
        Reply::json(self.status, &body)
    }
}

impl From<(usize, RuleFault)> for Failure {
    /// 422 naming the request's rule at fault (by index) and its cell.
    fn from((index, fault): (usize, RuleFault)) -> Failure {
        let mut failure = Failure::new(422, format!("rule {}: {}", index + 1, fault.message));
        failure.rule = Some((index, fault.cell));
        failure
    }
}

impl From<VariantError> for Failure {
    /// 422 with the line and column of the offending item, when known; 400 for
    /// a reference to a file (the rule is broken, not the variant).
    fn from(e: VariantError) -> Failure {
        let mut inner = &e;
        while let VariantError::Within { source, .. } = inner {
            inner = source;
        }
        let status = match inner {
            VariantError::NotBuiltin { .. } => 400,
            _ => 422,
        };
        let location = match &e {
            VariantError::Syntax { location, .. }
            | VariantError::Invalid { location, .. }
            | VariantError::Within { location, .. } => Some(location.clone()),
            _ => None,
        };
        let mut failure = Failure::new(status, e.to_string());
        if let Some(location) = location {
            failure.line = location.line;
            failure.column = location.column;
        }
        failure
    }
}

//! The API's routes: each endpoint's handler, and the time its request is
//! given (its deadline, counted from when its body has been read).

use std::time::Duration;

use serde_json::json;

use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::Body;
use super::{Limits, exchange, generate, hint, picture, search, setter, steps};
use crate::variant::BUILTINS;

/// How long a request of a route may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Time {
    /// A search: the search budget's time ([`Limits::budget`]), 2 s.
    Search,
    /// A search and then logic's path: twice the search's.
    SearchAndPath,
    /// A generation, or the setter's tools: [`Limits::generate`], 10 s. At
    /// most [`MAX_LONG`] run at once.
    Long,
    /// No search (a picture, an import or export): [`Limits::quick`].
    Quick,
}

/// Long requests (generations, setter tools) running at once: the others
/// keep the rest of the workers.
pub(super) const MAX_LONG: usize = 2;

impl Time {
    /// The time itself under `limits`.
    pub fn of(self, limits: &Limits) -> Duration {
        let search = limits.budget.timeout.unwrap_or(limits.quick);
        match self {
            Time::Search => search,
            Time::SearchAndPath => 2 * search,
            Time::Long => limits.generate,
            Time::Quick => limits.quick,
        }
    }
}

/// One endpoint of the API.
pub(super) struct Route {
    /// The path after `/api/`.
    pub name: &'static str,
    /// Its time.
    pub time: Time,
    /// Its handler.
    pub run: fn(&Body, &Job) -> Result<Reply, Failure>,
}

/// Every `POST /api/…` endpoint.
const ROUTES: &[Route] = &[
    route("variant", Time::Quick, picture::variant_info),
    route("render", Time::Quick, picture::render),
    route("solve", Time::Search, search::solve),
    route("count", Time::Search, search::count),
    route("check", Time::Search, search::check),
    route("candidates", Time::Search, search::candidates),
    route("hint", Time::SearchAndPath, hint::hint),
    route("grade", Time::SearchAndPath, hint::grade),
    route("steps", Time::SearchAndPath, steps::steps),
    route("generate", Time::Long, generate::generate),
    route("setter", Time::Long, setter::setter),
    route("import", Time::Quick, exchange::import),
    route("puzzle", Time::Quick, exchange::puzzle),
    route("export", Time::Quick, exchange::export),
    route("png", Time::Quick, exchange::png),
    route("rule", Time::Quick, exchange::rule),
];

const fn route(
    name: &'static str,
    time: Time,
    run: fn(&Body, &Job) -> Result<Reply, Failure>,
) -> Route {
    Route { name, time, run }
}

/// The route of `POST /api/<endpoint>`, if there is one.
pub(super) fn find(endpoint: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|r| r.name == endpoint)
}

/// `GET /api/variants`: the built-in variants' names.
pub(super) fn variants() -> Reply {
    let names: Vec<&str> = BUILTINS.iter().map(|b| b.0).collect();
    Reply::json(200, &json!({ "variants": names }))
}

/// A request's answer: its body read, its handler run as `job`, and the
/// answer held to the size an answer may have.
pub(super) fn answer(route: &Route, body: &[u8], job: &Job) -> Reply {
    let answer = Body::read(body).and_then(|body| (route.run)(&body, job));
    match answer.and_then(|reply| picture::fits(job, reply.body.len()).map(|()| reply)) {
        Ok(reply) => reply,
        Err(failure) => failure.reply(),
    }
}

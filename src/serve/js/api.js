// Calls to the server's JSON API, and the line of long work: one action at a
// time, in the order clicked (one clicked while another works waits its turn
// and is never dropped), a spinner with Cancel, and `body[data-busy]`.

const $ = (id) => document.getElementById(id);

// The run's secret: from the address `graphdoku serve` printed, kept for this
// address (host and port) so that a share link, which never carries it, opens
// here too. A server started again has a new one: a refusal forgets it.
const KEY = "graphdoku.token";
const given = new URLSearchParams(location.search).get("token");
let token = given;
try {
  if (given) localStorage.setItem(KEY, given);
  else token = localStorage.getItem(KEY);
} catch (e) {
  // Storage off: the address is all there is.
}
// The token leaves the address bar, so that it is not copied with a link.
if (given) history.replaceState(null, "", location.pathname + location.hash);

function headers(json) {
  const h = json ? { "Content-Type": "application/json" } : {};
  if (token) h.Authorization = "Bearer " + token;
  return h;
}

export class ApiError extends Error {
  constructor(message, status, answer) {
    super(message);
    this.status = status;
    this.answer = answer;
  }
}

async function answerOf(response) {
  const type = response.headers.get("Content-Type") || "";
  const answer = type.startsWith("application/json")
    ? await response.json()
    : type.startsWith("image/")
      ? await response.blob()
      : await response.text();
  if (!response.ok) {
    if (response.status === 403 && given === null) {
      try {
        localStorage.removeItem(KEY);
      } catch (e) {
        // nothing kept
      }
    }
    throw new ApiError(answer.error || String(answer), response.status, answer);
  }
  return answer;
}

// POSTs `body` to /api/`endpoint`; the JSON (or text, or image) answer.
export async function call(endpoint, body, signal) {
  const response = await fetch("/api/" + endpoint, {
    method: "POST",
    headers: headers(true),
    body: JSON.stringify(body),
    signal,
  });
  return answerOf(response);
}

export async function variants() {
  return answerOf(await fetch("/api/variants", { headers: headers(false) }));
}

// ---- The line of long work ----

let line = Promise.resolve();
const labels = []; // what is running (first) and what waits, in order
let running = null; // the running work's AbortController
let cancelled = 0; // bumped by Cancel: queued work from before it is dropped
function show() {
  const busy = labels.length > 0;
  document.body.dataset.busy = busy ? "yes" : "no";
  const spinner = $("spinner");
  if (spinner) {
    spinner.hidden = !busy;
    const more = labels.length > 1 ? ` (${labels.length - 1} more queued)` : "";
    $("spinner-label").textContent = busy ? `${labels[0]}…${more}` : "";
  }
}

// Runs `work(signal)` after the work before it; `report(error)` is told of
// a failure (not of the end of work that Cancel stopped).
export function run(label, work, report) {
  labels.push(label);
  const round = cancelled;
  show();
  line = line.then(async () => {
    if (round !== cancelled) return;
    const controller = new AbortController();
    running = controller;
    try {
      await work(controller.signal);
    } catch (e) {
      if (e.name !== "AbortError") report(e);
    } finally {
      running = null;
      if (round === cancelled) labels.shift();
      show();
    }
  });
  return line;
}

// Stops the running work (its request is dropped; the server's budget ends
// its search) and drops the work queued behind it. Says what was stopped.
export function cancel() {
  const stopped = { running: running ? labels[0] : null, queued: labels.length - (running ? 1 : 0) };
  cancelled += 1;
  labels.length = 0;
  if (running) running.abort();
  show();
  return stopped;
}

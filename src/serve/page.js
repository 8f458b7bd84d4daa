// The designer page: state here, every computation on the server's JSON API.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  source: { variant: "sudoku9" }, // what the API is told: {variant} or {ron}
  info: null,                     // the /api/variant answer: cells, symbols, layout
  givens: [],                     // symbol or null, per cell
  solution: null,                 // symbols drawn in blue, or null
  marks: {},                      // cell index -> class (differ, clash, hinted)
  selected: null,
  typed: "",                      // keys typed into the selected cell so far
  svg: "",
  drawn: 0,                       // render requests sent, to drop stale answers
};

// The run's secret, from the address `graphdoku serve` printed: every API call carries it.
const token = new URLSearchParams(location.search).get("token");

function headers(json) {
  const h = json ? { "Content-Type": "application/json" } : {};
  if (token) h.Authorization = "Bearer " + token;
  return h;
}

async function api(endpoint, body, source) {
  const response = await fetch("/api/" + endpoint, {
    method: "POST",
    headers: headers(true),
    body: JSON.stringify(Object.assign({}, source || state.source, body || {})),
  });
  const type = response.headers.get("Content-Type") || "";
  const answer = type.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error(answer.error || String(answer));
    error.answer = answer;
    throw error;
  }
  return answer;
}

function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.dataset.state = kind || "idle";
}

function cellName(i) {
  return state.info ? state.info.cells[i].name : String(i);
}

// Draws the givens (and solution) with the server's SVG writer, then the marks.
async function draw() {
  const ticket = ++state.drawn;
  const body = { givens: state.givens };
  if (state.solution) body.solution = state.solution;
  const answer = await api("render", body);
  if (ticket !== state.drawn) return;
  state.svg = answer.svg;
  $("board").innerHTML = answer.svg;
  mark();
}

function mark() {
  for (const shape of $("board").querySelectorAll("[data-cell]")) {
    const i = Number(shape.dataset.cell);
    shape.classList.remove("selected", "differ", "clash", "hinted");
    if (state.marks[i]) shape.classList.add(state.marks[i]);
    if (i === state.selected) shape.classList.add("selected");
  }
  const chosen = state.selected === null ? "" : "Selected: " + cellName(state.selected) +
    (state.givens[state.selected] ? " = " + state.givens[state.selected] : " (empty)");
  $("selected-cell").textContent = chosen;
}

async function useVariant(source) {
  const error = $("variant-error");
  try {
    const info = await api("variant", {}, source);
    state.source = source;
    state.info = info;
    // The picker says which variant is in use: a built-in, or the pasted one.
    const picker = $("variant-select");
    if (source.ron) picker.value = "";
    else picker.value = source.variant;
    // The RON box shows the variant in use (a built-in's text, to edit), never a previous one.
    if (info.ron !== undefined) $("ron").value = info.ron;
    state.givens = new Array(info.cells.length).fill(null);
    state.solution = null;
    state.marks = {};
    state.selected = null;
    error.hidden = true;
    state.svg = info.svg;
    $("board").innerHTML = info.svg;
    mark();
    say(`${info.name}: ${info.cells.length} cells, ${info.houses} houses, symbols ${info.symbols.join(" ")}. Click a cell and type.`);
    return true;
  } catch (e) {
    const where = e.answer && e.answer.line ? `line ${e.answer.line}, column ${e.answer.column}: ` : "";
    error.textContent = where + e.message;
    error.hidden = false;
    say("The variant has an error: see the left.", "error");
    if (e.answer && e.answer.line && source.ron) pointAt($("ron"), e.answer.line, e.answer.column);
    return false;
  }
}

// Puts the caret of a textarea at line:column (1-based).
function pointAt(area, line, column) {
  const lines = area.value.split("\n");
  let at = 0;
  for (let n = 0; n < line - 1 && n < lines.length; n++) at += lines[n].length + 1;
  at += Math.max(0, column - 1);
  area.focus();
  area.setSelectionRange(at, Math.min(area.value.length, at + 1));
}

function setGiven(i, symbol) {
  state.givens[i] = symbol;
  state.solution = null;
  state.marks = {};
  draw().catch((e) => say(e.message, "error"));
}

// Typing into the selected cell: keys add up while they still spell a symbol
// (so "1" then "2" gives 12 on a 16×16), else start afresh.
function type(key) {
  if (state.selected === null || !state.info) return false;
  const symbols = state.info.symbols;
  // Letters match either case when the symbols have only one (a-g on a 16×16).
  const upper = key.toUpperCase(), lower = key.toLowerCase();
  if (!symbols.some((s) => s.includes(key))) {
    key = symbols.some((s) => s.includes(upper)) ? upper : lower;
  }
  for (const attempt of [state.typed + key, key]) {
    if (symbols.some((s) => s.startsWith(attempt))) {
      state.typed = attempt;
      if (symbols.includes(attempt)) setGiven(state.selected, attempt);
      return true;
    }
  }
  return false;
}

// The nearest cell from `i` in a direction, by the layout's coordinates.
function neighbour(i, dr, dc) {
  const cells = state.info.cells;
  const [r, c] = cells[i].at;
  if (state.info.layout === "polar") {
    const sectors = Math.max(...cells.map((x) => x.at[0])) + 1;
    const want = [(r + dc + sectors) % sectors, c - dr]; // up = outward ring
    const j = cells.findIndex((x) => x.at[0] === want[0] && x.at[1] === want[1]);
    return j >= 0 ? j : i;
  }
  let best = i, distance = Infinity;
  cells.forEach((x, j) => {
    const along = dr ? (x.at[0] - r) * dr : (x.at[1] - c) * dc;
    const across = dr ? Math.abs(x.at[1] - c) : Math.abs(x.at[0] - r);
    if (along > 0 && across < 0.5 && along < distance) { best = j; distance = along; }
  });
  if (best === i && state.info.layout === "free") {
    const step = dr + dc;
    return (i + step + cells.length) % cells.length;
  }
  return best;
}

function select(i) {
  state.selected = i;
  state.typed = "";
  mark();
}

// Actions run one at a time, in the order clicked: one clicked while another
// works waits its turn (the status says how many wait), it is never dropped.
let line = Promise.resolve();
let waiting = 0;

function working() {
  document.body.dataset.busy = waiting ? "yes" : "no";
  if (waiting) say(waiting > 1 ? `Working… (${waiting - 1} more queued)` : "Working…", "busy");
}

function action(work) {
  waiting += 1;
  if (waiting > 1) working();
  line = line.then(async () => {
    working();
    try {
      await work();
    } catch (e) {
      say(e.message, "error");
    } finally {
      waiting -= 1;
      document.body.dataset.busy = waiting ? "yes" : "no";
    }
  });
  return line;
}

function names(cells) {
  const shown = cells.slice(0, 12).map(cellName).join(", ");
  return cells.length > 12 ? shown + ", …" : shown;
}

function marksFor(cells, kind) {
  const marks = {};
  for (const c of cells) marks[c] = kind;
  return marks;
}

async function check() {
  const answer = await api("check", { givens: state.givens });
  state.solution = null;
  state.marks = {};
  const clues = state.givens.filter((g) => g).length;
  if (answer.clashes) {
    state.marks = marksFor(answer.clashes, "clash");
    say(`None: givens clash in ${names(answer.clashes)}.`, "none");
  } else if (answer.status === "unique") {
    say(`Unique: exactly one solution (${clues} givens).`, "unique");
  } else if (answer.status === "multiple") {
    state.marks = marksFor(answer.differing, "differ");
    say(`Multiple: at least two solutions; they differ in ${answer.differing.length} cells (${names(answer.differing)}).`, "multiple");
  } else if (answer.status === "no-solution") {
    say("None: no solution.", "none");
  } else {
    say("Gave up: the search budget ran out before an answer.", "error");
  }
  await draw();
}

async function solve() {
  const answer = await api("solve", { givens: state.givens });
  state.marks = {};
  if (answer.clashes) {
    state.marks = marksFor(answer.clashes, "clash");
    say(`No solution: givens clash in ${names(answer.clashes)}.`, "none");
  } else if (answer.status === "solved") {
    state.solution = answer.cells;
    say("Solved (solution in blue; Check says whether it is the only one).", "solved");
  } else if (answer.status === "no-solution") {
    state.solution = null;
    say("No solution.", "none");
  } else {
    say("Gave up: the search budget ran out before a solution.", "error");
  }
  await draw();
}

async function hint() {
  const answer = await api("hint", { givens: state.givens });
  state.marks = {};
  if (answer.clashes) {
    state.marks = marksFor(answer.clashes, "clash");
    say(`No hint: givens clash in ${names(answer.clashes)}.`, "none");
  } else if (answer.status === "no-solution") {
    say("No hint: the puzzle has no solution.", "none");
  } else if (answer.status === "gave-up") {
    say("No hint: the search budget ran out.", "error");
  } else if (!answer.steps.length) {
    say("Already solved: no step left.", "solved");
  } else {
    const step = answer.steps[0];
    for (const c of step.affected || []) state.marks[c] = "hinted";
    if (step.cell !== null && step.cell !== undefined) state.marks[step.cell] = "hinted";
    const several = answer.status === "multiple" ? " (several solutions: this follows one of them)" : "";
    // No level when the whole path could not be found in time (a big board).
    const level = answer.level ? ` (${answer.level} puzzle)` : "";
    say(`Hint${level}: ${step.text}${several}`, "idle");
  }
  await draw();
}

async function generate() {
  const seed = Number($("seed").value || 0);
  const answer = await api("generate", { seed, difficulty: $("difficulty").value || null });
  if (answer.status !== "generated") {
    say("No puzzle: " + (answer.error || answer.status), "error");
    return;
  }
  state.givens = answer.givens;
  state.solution = null;
  state.marks = {};
  say(`Generated from seed ${answer.seed}: ${answer.clues} givens, ${answer.level || "unknown"} level.`, "unique");
  await draw();
}

function save(name, type, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function onKey(event) {
  const target = event.target;
  if (target.matches && target.matches("input, textarea, select")) return;
  if (event.ctrlKey || event.metaKey || event.altKey || !state.info) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    select(state.selected === null ? 0 : neighbour(state.selected, dr, dc));
  } else if (state.selected !== null && ["Backspace", "Delete", ".", " "].includes(event.key)) {
    state.typed = "";
    setGiven(state.selected, null);
  } else if (state.selected !== null && event.key === "0" && !state.info.symbols.some((s) => s.startsWith(state.typed + "0"))) {
    state.typed = "";
    setGiven(state.selected, null);
  } else if (event.key === "Escape") {
    state.marks = {};
    select(null);
  } else if (event.key.length === 1 && type(event.key)) {
    // set by type()
  } else {
    return;
  }
  event.preventDefault();
}

async function start() {
  const response = await fetch("/api/variants", { headers: headers(false) });
  const list = await response.json();
  if (!response.ok) throw new Error(list.error || response.statusText);
  const picker = $("variant-select");
  for (const name of list.variants) picker.add(new Option(name, name, false, name === "sudoku9"));
  const pasted = new Option("(pasted RON)", "");
  pasted.disabled = true;
  picker.add(pasted);
  $("load-variant").onclick = () => action(() => useVariant({ variant: picker.value }));
  picker.onchange = $("load-variant").onclick;
  $("load-ron").onclick = () => action(() => useVariant({ ron: $("ron").value }));
  $("ron-file").onchange = async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("ron").value = await file.text();
    $("ron-box").open = true;
    action(() => useVariant({ ron: $("ron").value }));
  };
  $("import").onclick = () => action(async () => {
    const answer = await api("import", { fpuzzles: $("fpuzzles").value }, {});
    $("ron").value = answer.ron;
    $("ron-box").open = true;
    if (await useVariant({ ron: answer.ron })) {
      state.givens = answer.givens;
      // An untitled puzzle is named "f-puzzles import" by the reader.
      const what = answer.name && answer.name !== "f-puzzles import" ? `“${answer.name}”` : "an untitled f-puzzles puzzle";
      say(`Imported ${what}` + (answer.ignored.length ? ` (left out: ${answer.ignored.join(", ")})` : "."), "idle");
      await draw();
    }
  });
  $("check").onclick = () => action(check);
  $("solve").onclick = () => action(solve);
  $("hint").onclick = () => action(hint);
  $("generate").onclick = () => action(generate);
  $("clear-solution").onclick = () => action(async () => {
    state.solution = null;
    state.marks = {};
    say("Solution hidden.");
    await draw();
  });
  $("clear").onclick = () => action(async () => {
    state.givens = state.givens.map(() => null);
    state.solution = null;
    state.marks = {};
    say("Givens cleared.");
    await draw();
  });
  $("download-ron").onclick = () => action(async () => {
    save("puzzle.ron", "text/plain", await api("puzzle", { givens: state.givens }));
    say("Downloaded puzzle.ron" + (state.source.ron ? " (it names variant.ron: save your variant beside it)" : "."));
  });
  $("download-svg").onclick = () => {
    save("puzzle.svg", "image/svg+xml", state.svg);
    say("Downloaded puzzle.svg.");
  };
  $("board").addEventListener("click", (event) => {
    const shape = event.target.closest("[data-cell]");
    if (!shape) return;
    select(Number(shape.dataset.cell));
    $("board").focus({ preventScroll: true });
  });
  document.addEventListener("keydown", onKey);
  await action(() => useVariant(state.source));
}

start().catch((e) => say("Cannot start: " + e.message, "error"));

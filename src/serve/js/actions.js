// What the buttons do on the server's API, each on the line of long work:
// Check, Solve, Count, the step-through, the setter tools, Generate, imports,
// exports and downloads.

import * as api from "./api.js";
import * as M from "./model.js";
import * as overlays from "./overlays.js";
import * as storage from "./storage.js";

const $ = (id) => document.getElementById(id);

let app = null;

export function attach(application) {
  app = application;
}

function names(cells) {
  const shown = cells.slice(0, 12).map((i) => app.info.cells[i].name).join(", ");
  return cells.length > 12 ? shown + ", …" : shown;
}

function marksFor(cells, kind) {
  return new Map(cells.map((c) => [c, kind]));
}

// Says `text`, noting when the puzzle changed while the answer was worked out.
function answered(version, text, kind) {
  app.say(version === app.version ? text : `${text} (for the puzzle before your last edit)`, kind);
}

// Why there is no solution, when the server says (`core`: a set of givens and
// rules with none together): its cells marked in red, its members in words.
function why(answer) {
  const core = answer.core;
  if (!core || !Array.isArray(core.members)) return "";
  if (Array.isArray(core.cells)) app.ui.marks = marksFor(core.cells, "clash");
  return core.members.length ? ` These have none together (marked red): ${core.members.join(", ")}.` : "";
}

export async function check(signal) {
  const version = app.version;
  const answer = await api.call("check", M.request(app.model), signal);
  app.ui.solution = null;
  app.ui.marks = new Map();
  const clues = app.model.givens.filter(Boolean).length;
  if (answer.clashes) {
    app.ui.marks = marksFor(answer.clashes, "clash");
    answered(version, `None: givens clash in ${names(answer.clashes)}.`, "none");
  } else if (answer.status === "unique") {
    answered(version, `Unique: exactly one solution (${clues} givens).`, "unique");
  } else if (answer.status === "multiple") {
    app.ui.marks = marksFor(answer.differing, "differ");
    answered(version, `Multiple: at least two solutions; they differ in ${answer.differing.length} cells (${names(answer.differing)}).`, "multiple");
  } else if (answer.status === "no-solution") {
    answered(version, `None: no solution.${why(answer)}`, "none");
  } else {
    answered(version, "Gave up: the search budget ran out before an answer.", "error");
  }
  app.refresh();
}

// The puzzle's level by the hardest technique its logic path needs, as
// `graphdoku grade` gives it.
export async function grade(signal) {
  const version = app.version;
  const answer = await api.call("grade", M.request(app.model), signal);
  app.ui.marks = new Map();
  if (answer.clashes) {
    app.ui.marks = marksFor(answer.clashes, "clash");
    answered(version, `No grade: givens clash in ${names(answer.clashes)}.`, "none");
  } else if (answer.status === "no-solution") {
    answered(version, "No grade: the puzzle has no solution.", "none");
  } else if (answer.status === "gave-up" || !answer.level) {
    answered(version, "No grade: the logic path was not found in time.", "error");
  } else {
    const hardest = answer.hardest ? `, hardest step ${answer.hardest.replace(/-/g, " ")}` : "";
    const guesses = answer.guesses ? `, ${answer.guesses} guess${answer.guesses === 1 ? "" : "es"}` : ", no guess";
    const several = answer.status === "multiple" ? " (of one of its several solutions)" : "";
    answered(version, `Level: ${answer.level}${hardest}${guesses}; ${answer.count} steps${several}.`, answer.status === "multiple" ? "multiple" : "unique");
  }
  app.refresh();
}

export async function solve(signal) {
  const version = app.version;
  const answer = await api.call("solve", M.request(app.model), signal);
  app.ui.marks = new Map();
  if (answer.clashes) {
    app.ui.marks = marksFor(answer.clashes, "clash");
    answered(version, `No solution: givens clash in ${names(answer.clashes)}.`, "none");
  } else if (answer.status === "solved") {
    app.ui.solution = version === app.version ? answer.cells : null;
    answered(version, "Solved (solution in blue; Check says whether it is the only one).", "solved");
  } else if (answer.status === "no-solution") {
    app.ui.solution = null;
    answered(version, `No solution.${why(answer)}`, "none");
  } else {
    answered(version, "Gave up: the search budget ran out before a solution.", "error");
  }
  app.refresh();
}

// A count in words: grouped digits, or (past a quadrillion) a power of ten.
function big(n) {
  if (!Number.isFinite(n)) return "more than 10³⁰⁸";
  if (n < 1e15) return Math.round(n).toLocaleString("en-US");
  const exponent = Math.floor(Math.log10(n));
  const up = String(exponent).replace(/./g, (d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]);
  return `${(n / 10 ** exponent).toFixed(2)} × 10${up}`;
}

export async function count(signal) {
  const version = app.version;
  const estimate = $("estimate").checked;
  const limit = Number($("limit").value || 1000);
  const answer = await api.call("count", M.request(app.model, estimate ? { estimate: true } : { limit }), signal);
  if (estimate && !answer.complete && answer.status !== "gave-up") {
    const level = Math.round((answer.confidence || 0.95) * 100);
    // Few probes: the interval has a lower end only (no upper end holds at that level).
    const interval = answer.low === null ? ""
      : answer.high === null ? `, ${level}% at least ${big(answer.low)}`
      : `, ${level}% between ${big(answer.low)} and ${big(answer.high)}`;
    answered(version, `About ${big(answer.estimate)} solutions (an estimate${interval}; ${big(answer.samples)} probes).`, "idle");
  } else if (estimate && answer.status === "gave-up") {
    answered(version, "Gave up: no probe of the search finished in time.", "error");
  } else if (answer.status === "gave-up") {
    answered(version, `Gave up after ${big(answer.count)} solutions: the search budget ran out (try the estimate).`, "error");
  } else if (answer.count === 0) {
    answered(version, "No solution.", "none");
  } else if (answer.complete) {
    answered(version, answer.count === 1 ? "Exactly one solution." : `Exactly ${big(answer.count)} solutions.`, answer.count === 1 ? "unique" : "multiple");
  } else {
    answered(version, `At least ${big(answer.count)} solutions (the limit).`, "multiple");
  }
}

// The step-through: `from` steps replayed, `take` more applied.
export async function stepTo(from, take, signal) {
  const version = app.version;
  const answer = await overlays.steps(Math.max(0, from), take, signal);
  app.ui.marks = new Map();
  if (answer.clashes) app.ui.marks = marksFor(answer.clashes, "clash");
  const next = answer.next;
  if (next) {
    const cells = [...new Set([...(next.affected || []), ...(next.cell !== null && next.cell !== undefined ? [next.cell] : [])])];
    for (const c of cells) app.ui.marks.set(c, "hinted");
  }
  answered(version, overlays.stepText(answer), answer.state === "contradiction" ? "none" : answer.state === "solved" ? "solved" : "idle");
  app.paint();
}

export async function showCandidates() {
  const applied = app.ui.logic ? app.ui.logic.applied : 0;
  try {
    await overlays.steps(applied, 0);
    app.paint();
  } catch (e) {
    app.say(e.message, "error");
  }
}

export async function analyse(signal) {
  const version = app.version;
  app.say("Trying each given and each rule alone, then removing givens…", "busy");
  const answer = await api.call("setter", M.request(app.model, { seed: Number($("seed").value || 1) }), signal);
  app.ui.marks = new Map();
  if (answer.status !== "unique") {
    if (answer.differing) app.ui.marks = marksFor(answer.differing, "differ");
    if (answer.clashes) app.ui.marks = marksFor(answer.clashes, "clash");
    const why = { multiple: "it has several solutions (they differ in the pink cells): add givens or rules first", "no-solution": "it has no solution", "gave-up": "the search ran out of time" }[answer.status] || answer.status;
    answered(version, `Setter tools need a unique puzzle: ${why}.`, "multiple");
    app.paint();
    return;
  }
  app.ui.setter = answer;
  app.ui.marks = marksFor(answer.redundant_givens, "redundant");
  const givens = answer.redundant_givens.length, rules = answer.redundant_rules.length;
  const minimal = answer.minimal;
  const parts = [
    givens ? `${givens} given${givens === 1 ? "" : "s"} could each go alone (marked yellow: ${names(answer.redundant_givens)})` : "every given is needed",
    app.model.rules.length ? (rules ? `${rules} rule${rules === 1 ? "" : "s"} could each go alone (marked in the list)` : "every rule is needed") : null,
    minimal ? `a minimal puzzle has ${minimal.clues} of the ${answer.clues} givens` : "no minimal puzzle within the time",
  ].filter(Boolean);
  const undecided = answer.complete ? "" : " (the time ran out: some are undecided)";
  $("setter-result").textContent = `Unique: ${parts.join("; ")}${undecided}.`;
  $("use-minimal").disabled = !minimal || minimal.clues === answer.clues;
  answered(version, `Setter tools: ${parts.join("; ")}${undecided}.`, "unique");
  app.paint();
}

export async function generate(signal) {
  const seed = Number($("seed").value || 0);
  const answer = await api.call("generate", M.request(app.model, { seed, difficulty: $("difficulty").value || null }), signal);
  if (answer.status !== "generated") {
    app.say("No puzzle: " + (answer.error || answer.status), "error");
    return;
  }
  app.edit(null, (m) => {
    m.givens = answer.givens;
    m.digits = m.digits.map(() => null);
  });
  app.say(`Generated from seed ${answer.seed}: ${answer.clues} givens, ${answer.level || "unknown"} level.`, "unique");
}

// A model from an /api/import answer: a designer's grid when the import is a
// grid (so its shape can be edited), with its rules apart.
function imported(answer) {
  const n = answer.size;
  const shape = M.gridShape(n);
  shape.boxes = answer.boxes || null;
  shape.regions = answer.regions || null;
  shape.knight = answer.knight;
  shape.king = answer.king;
  shape.disjoint = Boolean(answer.disjoint) && Boolean(answer.boxes);
  const main = Array.from({ length: n }, (_, i) => `r${i + 1}c${i + 1}`).join();
  const anti = Array.from({ length: n }, (_, i) => `r${n - i}c${i + 1}`).join();
  for (const house of answer.houses) {
    const cells = house.cells.join();
    const sorted = [...house.cells].sort().join();
    if (cells === main || sorted === [...main.split(",")].sort().join()) shape.diagonals = true;
    else if (sorted === [...anti.split(",")].sort().join()) shape.antidiagonal = true;
    else shape.houses.push({ name: house.name, cells: house.cells });
  }
  const model = M.newModel(shape);
  model.rules = answer.rules;
  model.givens = answer.givens;
  model.title = answer.name && !["f-puzzles import", "SudokuPad import", "Interactive Sudoku Solver import", "puzzle string"].includes(answer.name) ? answer.name : "";
  model.author = answer.author || "";
  model.rulesText = answer.rules_text || "";
  return model;
}

// A string of one character per cell of the shape in use (`.` or `0` for an
// empty one, the shape's one-character symbols): the givens, or null.
function givensOf(text) {
  const cells = app.info.cells.length;
  const chars = [...text.replace(/\s+/g, "")];
  const symbols = app.info.symbols;
  if (chars.length !== cells || !symbols.every((s) => s.length === 1)) return null;
  const blank = (c) => c === "." || (c === "0" && !symbols.includes("0"));
  if (!chars.every((c) => blank(c) || symbols.includes(c))) return null;
  return chars.map((c) => (blank(c) ? null : c));
}

export async function importPuzzle(signal) {
  const text = $("fpuzzles").value.trim();
  const linked = storage.fromLink(text);
  let model;
  let what;
  if (linked instanceof Error) throw linked;
  // A puzzle string of the shape in use (a pie's too): its givens, in place.
  const givens = linked ? null : givensOf(text);
  if (givens) {
    app.edit(null, (m) => {
      m.givens = givens;
      m.digits = m.digits.map(() => null);
    });
    app.say(`Imported ${givens.filter(Boolean).length} givens onto ${app.info.name}.`);
    return;
  }
  if (linked) {
    model = linked;
    what = "the share link";
  } else {
    const answer = await api.call("import", { fpuzzles: text }, signal);
    model = imported(answer);
    what = model.title ? `“${model.title}”` : "an untitled puzzle";
    if (answer.ignored.length) what += ` (left out: ${answer.ignored.join(", ")})`;
  }
  const before = M.clone(app.model);
  await app.useModel(model, signal);
  app.history.record(before, null);
  app.paint();
  app.say(`Imported ${what}.`);
}

function save(name, type, data) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const fileName = () => (app.model.title.trim() || "puzzle").replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, "") || "puzzle";

export function showLink(link, what, note) {
  const field = $("link");
  field.value = link;
  field.dataset.kind = what;
  $("link-note").textContent = note || "";
  const copied = navigator.clipboard ? navigator.clipboard.writeText(link).then(() => true, () => false) : Promise.resolve(false);
  copied.then((ok) => app.say(`${what}${ok ? " copied" : " below"}: ${link.length} characters.`));
}

// The share link, with what a reader needs to open it: it opens in
// `graphdoku serve` (this page) on their machine; a reader without graphdoku
// is given the SudokuPad link instead, when the puzzle has one.
export async function shareLink(signal) {
  const note = "This link opens in graphdoku: the reader runs `graphdoku serve` and pastes it into that page's address bar (or `graphdoku import LINK`).";
  showLink(storage.shareLink(app.model), "Share link", note);
  try {
    const answer = await api.call("export", M.request(app.model), signal);
    $("link-note").textContent = `${note} For people without graphdoku, share the SudokuPad link: ${answer.sudokupad}`;
    $("link-note").dataset.sudokupad = answer.sudokupad;
  } catch (e) {
    if (e.name === "AbortError") throw e;
    $("link-note").textContent = `${note} (No SudokuPad link: ${e.message}.)`;
  }
}

export async function exportLink(which, signal) {
  const answer = await api.call("export", M.request(app.model), signal);
  showLink(answer[which], which === "fpuzzles" ? "f-puzzles link" : "SudokuPad link");
}

// The minimal puzzle the setter tools found, as the puzzle's givens.
export function useMinimal() {
  const minimal = app.ui.setter && app.ui.setter.minimal;
  if (!minimal) return;
  app.edit(null, (m) => (m.givens = minimal.givens));
  app.say(`The minimal puzzle: ${minimal.clues} givens (Ctrl-Z brings the others back).`, "unique");
}

export async function downloadRon(signal) {
  save(fileName() + ".ron", "text/plain", await api.call("puzzle", M.request(app.model), signal));
  const source = M.source(app.model);
  const how = source.ron ? "the variant written out in it, so that it stands alone" : `naming the built-in ${source.variant}`;
  app.say(`Downloaded ${fileName()}.ron (${how}): every command reads it.`);
}

export async function downloadSvg(signal) {
  const answer = await api.call("render", M.request(app.model, { download: true }), signal);
  save(fileName() + ".svg", "image/svg+xml", answer.svg);
  app.say(`Downloaded ${fileName()}.svg.`);
}

export async function downloadPng(signal) {
  save(fileName() + ".png", "image/png", await api.call("png", M.request(app.model, { scale: 2 }), signal));
  app.say(`Downloaded ${fileName()}.png.`);
}

// A rule typed in RON, read by the server, added.
export async function addRule(signal) {
  const answer = await api.call("rule", Object.assign(M.source(app.model), { text: $("rule-ron").value }), signal);
  app.edit(null, (m) => m.rules.push(answer.rule));
  $("rule-ron").value = "";
  app.say(`Added ${M.describe(answer.rule)}.`);
}

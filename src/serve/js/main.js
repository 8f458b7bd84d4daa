// The designer page: the puzzle being set (model.js), its picture and the
// page's layer over it (board.js, overlays.js), editing (edit.js, tools.js),
// undo (history.js), the browser's copy and share links (storage.js), and
// every computation on the server's JSON API (api.js). This file wires them
// to the page's controls.

import * as api from "./api.js";
import { Board, stepOf } from "./board.js";
import * as edit from "./edit.js";
import { History } from "./history.js";
import * as M from "./model.js";
import * as overlays from "./overlays.js";
import * as storage from "./storage.js";
import { TOOLS, tool } from "./tools.js";

const $ = (id) => document.getElementById(id);

const app = {
  model: M.newModel(M.gridShape(9)),
  info: null, // the /api/variant answer for the model's shape
  shapeKey: null, // which shape `info` is of
  version: 0, // bumped by every edit of the puzzle (not of pencil marks)
  history: new History(),
  board: new Board($("board")),
  ui: {
    tool: "select",
    mode: "given",
    selection: [],
    cursor: null,
    rule: null, // the rule picked: its number is typed, Delete removes it
    hover: null, // the rule under the pointer in the list
    drag: null,
    typed: "",
    marks: new Map(), // cell -> class: differ, clash, hinted, redundant
    solution: null, // symbols drawn in blue
    logic: null, // the step-through's state (/api/steps)
    overlay: "none",
    truth: null,
    truthState: null,
    setter: null,
    faults: [], // rules the server could not use
  },
};

// ---- Status ----

function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.dataset.state = kind || "idle";
}

// Runs long work on the line, reporting what fails.
function work(label, job) {
  // A cancelled job says nothing: Cancel has said what it stopped.
  return api.run(label, job, (error) => say(error.message, "error"));
}

// ---- The puzzle and its edits ----

const shapeKey = (shape) => (shape.kind === "grid" ? `grid:${shape.size}` : shape.kind === "builtin" ? `builtin:${shape.name}` : `ron:${shape.text}`);
const puzzlePart = (m) => JSON.stringify([m.shape, m.rules, m.givens]);

// Edits the puzzle: `mutate(model)`, kept for undo (`key`: see History).
function editModel(key, mutate) {
  const before = M.clone(app.model);
  mutate(app.model);
  app.history.record(before, key);
  afterEdit(before);
}

// What follows an edit (or undo, or a new puzzle: `before` null): the
// puzzle saved and drawn again, and what was computed for the old one dropped.
function afterEdit(before) {
  storage.save(app.model);
  const drawn = (m) => JSON.stringify([m.shape, m.rules, m.givens, m.title, m.author]);
  const picture = !before || drawn(before) !== drawn(app.model);
  if (!before || puzzlePart(before) !== puzzlePart(app.model)) {
    app.version += 1;
    // A verdict on the puzzle as it was is kept, greyed, and said to be old.
    const status = $("status");
    if (before && ["unique", "multiple", "none", "solved"].includes(status.dataset.state)) {
      say(`${status.textContent.replace(/\.$/, "")}, before the last edit.`);
    }
    app.ui.solution = null;
    app.ui.marks = new Map();
    app.ui.logic = null;
    app.ui.setter = null;
    $("use-minimal").disabled = true;
    $("setter-result").textContent = "";
    overlays.refreshTruth();
    if (app.ui.overlay === "candidates") showCandidates();
  }
  if (app.ui.rule !== null && app.ui.rule >= app.model.rules.length) app.ui.rule = null;
  if (picture) refresh();
  paint();
}

// Puts a whole model in place (undo, a share link, an import, a new shape):
// its shape's cells are fetched when they change.
async function useModel(model, signal) {
  const key = shapeKey(model.shape);
  if (key !== app.shapeKey) {
    const info = await api.call("variant", M.source(model), signal);
    app.info = info;
    app.shapeKey = key;
    $("ron").value = info.ron ?? $("ron").value;
  }
  app.model = M.fit(model, app.info.cells.length);
  app.ui.selection = [];
  app.ui.cursor = null;
  app.ui.rule = null;
  app.ui.truth = null;
  app.version += 1;
  syncFields();
  afterEdit(null);
}

function undo() {
  const back = app.history.undo(M.clone(app.model));
  if (back) restoreModel(back, "Undone.");
}

function redo() {
  const again = app.history.redo(M.clone(app.model));
  if (again) restoreModel(again, "Redone.");
}

function restoreModel(model, said) {
  const cells = app.ui.selection;
  useModel(model)
    .then(() => {
      app.ui.selection = cells.filter((i) => i < app.info.cells.length);
      say(said);
      paint();
    })
    .catch((e) => say(e.message, "error"));
}

// ---- Drawing ----

let drawn = 0;
let drawTimer = null;

// Asks the server for the picture again (soon: a burst of edits draws once;
// only the latest answer is shown); meanwhile the page's layer follows at
// once. `#board[data-pending]` says whether a picture is on its way.
function refresh() {
  clearTimeout(drawTimer);
  $("board").dataset.pending = "yes";
  drawTimer = setTimeout(draw, 15);
  paint();
}

async function draw() {
  if (!app.info) return;
  const ticket = ++drawn;
  const extra = app.ui.solution ? { solution: app.ui.solution } : {};
  try {
    const answer = await api.call("render", M.request(app.model, extra));
    if (ticket !== drawn) return;
    app.ui.faults = answer.faults || [];
    app.board.show(answer.svg, app.info);
    paint();
  } catch (e) {
    if (ticket === drawn) say(e.message, "error");
  } finally {
    if (ticket === drawn) $("board").dataset.pending = "no";
  }
}

const DIGIT = "#6a3fb5";

// Redraws the page's layer and the controls that follow the puzzle.
function paint() {
  const { board, info, model, ui } = app;
  if (!info || !board.svg) return;
  board.clear();
  const classes = new Map(ui.marks);
  for (const i of ui.selection) classes.set(i, ((classes.get(i) || "") + " selected").trim());
  board.classes(classes);
  if (model.shape.kind === "grid" && model.shape.regions && M.regionProblem(model.shape)) board.regions(model.shape.regions);
  const shown = (i) => model.givens[i] || (ui.solution && ui.solution[i]);
  for (let i = 0; i < info.cells.length; i++) {
    if (shown(i)) continue;
    if (model.digits[i]) {
      board.digit(i, model.digits[i], DIGIT, "digit");
      continue;
    }
    // A candidates overlay takes the place of the pencil marks.
    if (ui.overlay !== "none") continue;
    // Marks of one character each read as one run ("123"); longer symbols
    // (10, 11 or 12) keep their spaces.
    const long = info.symbols.some((s) => s.length > 1);
    if (model.centre[i]) board.marks(i, [long ? model.centre[i] : model.centre[i].replace(/ /g, "")], { cls: "centre" });
    if (model.corner[i]) board.marks(i, model.corner[i].split(" "), { corner: true, cls: "corner" });
  }
  overlays.paint();
  // Rules the server cannot use yet (no number, or refused), and the one picked.
  const index = (name) => info.cells.findIndex((c) => c.name === name);
  const at = (i) => info.cells[i].at;
  model.rules.forEach((rule, r) => {
    const refused = ui.faults.some((f) => f.rule === M.sentRules(model).indexOf(rule));
    const pending = !M.complete(rule);
    const shown = r === ui.rule || r === ui.hover;
    if (!refused && !pending && !shown) return;
    const colour = shown ? "#e08a00" : refused ? "#d32f2f" : "#888";
    const [kind, spec] = M.kindOf(rule);
    const cells = M.ruleCells(rule).map(index).filter((i) => i >= 0);
    if (M.KINDS[kind] && M.KINDS[kind].outside && board.grid && cells.length) {
      const [dr, dc] = stepOf(spec.towards);
      const [row, col] = at(cells[0]);
      board.ring(row - dr, col - dc, colour);
    } else if (["Difference", "Ratio", "X", "V", "GreaterThan", "Quadruple"].includes(kind)) {
      board.spot(cells, colour);
      if (kind === "Quadruple") board.outline(cells, colour, 1.5, true);
    } else {
      board.outline(cells, colour, shown ? 2.5 : 1.5, pending, shown ? 0.06 : 0.22);
    }
  });
  // The gesture under way.
  const drag = ui.drag;
  if (drag && drag.cells) {
    if (drag.gesture === "line") board.path(drag.cells, "#e08a00");
    else board.outline(drag.cells, "#e08a00", 2, true);
  } else if (drag && drag.gesture === "outside") {
    board.ring(drag.at.row, drag.at.col, "#e08a00");
  }
  controls();
}

// The controls that say what the puzzle and the page are doing.
function controls() {
  const { model, ui, info } = app;
  $("undo").disabled = !app.history.canUndo();
  $("redo").disabled = !app.history.canRedo();
  for (const b of document.querySelectorAll("[data-mode]")) b.classList.toggle("on", b.dataset.mode === ui.mode);
  for (const b of document.querySelectorAll("[data-tool]")) b.classList.toggle("on", b.dataset.tool === ui.tool);
  const grid = model.shape.kind === "grid";
  for (const box of document.querySelectorAll("#globals input")) {
    if (box.dataset.flag) {
      box.checked = grid && Boolean(model.shape[box.dataset.flag]);
      box.disabled = !grid || (box.dataset.flag === "disjoint" && !model.shape.boxes);
    } else if (box.dataset.rule) {
      box.checked = model.rules.includes(box.dataset.rule);
    } else {
      box.checked = model.rules.some((r) => M.kindOf(r)[0] === "Negative" && M.kindOf(r)[1] === box.dataset.negative);
    }
  }
  for (const b of document.querySelectorAll('[data-tool="region"], [data-tool="house"]')) b.disabled = !grid;
  // The selection in words.
  let said = "";
  if (ui.rule !== null && model.rules[ui.rule]) {
    const rule = model.rules[ui.rule];
    const kind = M.KINDS[M.kindOf(rule)[0]];
    const number = kind && kind.pill ? "type 2 or 3 for a pill, " : kind && (kind.number || kind.digits) ? "type its number, " : "";
    said = `Rule: ${M.describe(rule)} (${number}Delete removes it).`;
  } else if (ui.selection.length === 1) {
    const i = ui.selection[0];
    const value = model.givens[i] ? ` = ${model.givens[i]}` : model.digits[i] ? ` (digit ${model.digits[i]})` : " (empty)";
    said = `Selected: ${info.cells[i].name}${value}`;
  } else if (ui.selection.length > 1) {
    const names = ui.selection.slice(0, 6).map((i) => info.cells[i].name).join(", ");
    said = `Selected: ${ui.selection.length} cells (${names}${ui.selection.length > 6 ? ", …" : ""})`;
  }
  $("selected-cell").textContent = said;
  rulesList();
  $("overlay-state").textContent = ui.overlay === "true" ? overlays.truthText() : "";
}

let listed = null; // what the list of rules shows, to build it only when that changes

function rulesList() {
  const list = $("rules");
  const { model, ui } = app;
  const sent = M.sentRules(model);
  const redundant = ui.setter ? ui.setter.redundant_rules || [] : [];
  const key = JSON.stringify([model.rules, ui.faults, redundant]);
  if (key === listed) {
    [...list.children].forEach((item, r) => item.classList.toggle("picked", r === ui.rule));
    return;
  }
  listed = key;
  list.replaceChildren();
  model.rules.forEach((rule, r) => {
    const item = document.createElement("li");
    const text = document.createElement("span");
    text.textContent = M.describe(rule);
    item.appendChild(text);
    const sentAt = sent.indexOf(rule);
    const fault = ui.faults.find((f) => f.rule === sentAt);
    if (fault) {
      item.classList.add("refused");
      item.title = fault.error;
      const why = document.createElement("small");
      why.textContent = fault.error;
      item.appendChild(why);
    }
    if (redundant.includes(sentAt)) {
      item.classList.add("redundant");
      const tag = document.createElement("small");
      tag.textContent = "redundant";
      item.appendChild(tag);
    }
    if (r === ui.rule) item.classList.add("picked");
    const remove = document.createElement("button");
    remove.textContent = "×";
    remove.title = "Delete this rule";
    remove.className = "remove";
    remove.onclick = (event) => {
      event.stopPropagation();
      app.ui.rule = null;
      editModel(null, (m) => m.rules.splice(r, 1));
    };
    item.appendChild(remove);
    item.onclick = () => {
      app.ui.rule = r;
      paint();
      $("board").focus({ preventScroll: true });
    };
    // Hovering a rule in the list shows where it is.
    item.onmouseenter = () => {
      app.ui.hover = r;
      paint();
    };
    item.onmouseleave = () => {
      app.ui.hover = null;
      paint();
    };
    list.appendChild(item);
  });
  $("no-rules").hidden = model.rules.length > 0;
}

// The words fields show the model's.
function syncFields() {
  $("title").value = app.model.title;
  $("author").value = app.model.author;
  $("rules-text").value = app.model.rulesText;
  const shape = app.model.shape;
  $("variant-select").value = shape.kind === "grid" ? `grid:${shape.size}` : shape.kind === "builtin" ? shape.name : "";
}

function setMode(mode) {
  app.ui.mode = mode;
  paint();
}

function clearMarks() {
  app.ui.marks = new Map();
  app.ui.logic = app.ui.overlay === "candidates" ? app.ui.logic : null;
}

Object.assign(app, {
  edit: editModel,
  paint,
  say,
  undo,
  redo,
  setMode,
  clearMarks,
});

// ---- Actions ----

function names(cells) {
  const shown = cells.slice(0, 12).map((i) => app.info.cells[i].name).join(", ");
  return cells.length > 12 ? shown + ", …" : shown;
}

function marksFor(cells, kind) {
  return new Map(cells.map((c) => [c, kind]));
}

// Says `text`, noting when the puzzle changed while the answer was worked out.
function answered(version, text, kind) {
  say(version === app.version ? text : `${text} (for the puzzle before your last edit)`, kind);
}

async function check(signal) {
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
    answered(version, "None: no solution.", "none");
  } else {
    answered(version, "Gave up: the search budget ran out before an answer.", "error");
  }
  refresh();
}

async function solve(signal) {
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
    answered(version, "No solution.", "none");
  } else {
    answered(version, "Gave up: the search budget ran out before a solution.", "error");
  }
  refresh();
}

// A count in words: grouped digits, or (past a quadrillion) a power of ten.
function big(n) {
  if (!Number.isFinite(n)) return "more than 10³⁰⁸";
  if (n < 1e15) return Math.round(n).toLocaleString("en-US");
  const exponent = Math.floor(Math.log10(n));
  const up = String(exponent).replace(/./g, (d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]);
  return `${(n / 10 ** exponent).toFixed(2)} × 10${up}`;
}

async function count(signal) {
  const version = app.version;
  const estimate = $("estimate").checked;
  const limit = Number($("limit").value || 1000);
  const answer = await api.call("count", M.request(app.model, estimate ? { estimate: true } : { limit }), signal);
  if (estimate && !answer.complete && answer.status !== "gave-up") {
    const level = Math.round((answer.confidence || 0.95) * 100);
    const interval = answer.low !== null && answer.high !== null ? `, ${level}% between ${big(answer.low)} and ${big(answer.high)}` : "";
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
async function stepTo(from, take, signal) {
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
  paint();
}

async function showCandidates() {
  const applied = app.ui.logic ? app.ui.logic.applied : 0;
  try {
    await overlays.steps(applied, 0);
    paint();
  } catch (e) {
    say(e.message, "error");
  }
}

async function analyse(signal) {
  const version = app.version;
  say("Trying each given and each rule alone, then removing givens…", "busy");
  const answer = await api.call("setter", M.request(app.model, { seed: Number($("seed").value || 1) }), signal);
  app.ui.marks = new Map();
  if (answer.status !== "unique") {
    if (answer.differing) app.ui.marks = marksFor(answer.differing, "differ");
    if (answer.clashes) app.ui.marks = marksFor(answer.clashes, "clash");
    const why = { multiple: "it has several solutions (they differ in the pink cells): add givens or rules first", "no-solution": "it has no solution", "gave-up": "the search ran out of time" }[answer.status] || answer.status;
    answered(version, `Setter tools need a unique puzzle: ${why}.`, "multiple");
    paint();
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
  paint();
}

async function generate(signal) {
  const seed = Number($("seed").value || 0);
  const answer = await api.call("generate", M.request(app.model, { seed, difficulty: $("difficulty").value || null }), signal);
  if (answer.status !== "generated") {
    say("No puzzle: " + (answer.error || answer.status), "error");
    return;
  }
  editModel(null, (m) => {
    m.givens = answer.givens;
    m.digits = m.digits.map(() => null);
  });
  say(`Generated from seed ${answer.seed}: ${answer.clues} givens, ${answer.level || "unknown"} level.`, "unique");
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
  model.title = answer.name && !["f-puzzles import", "SudokuPad import"].includes(answer.name) ? answer.name : "";
  model.author = answer.author || "";
  model.rulesText = answer.rules_text || "";
  return model;
}

async function importPuzzle(signal) {
  const text = $("fpuzzles").value.trim();
  const linked = storage.fromLink(text);
  let model;
  let what;
  if (linked instanceof Error) throw linked;
  if (linked) {
    model = linked;
    what = "the share link";
  } else {
    const answer = await api.call("import", { fpuzzles: text }, signal);
    model = imported(answer);
    what = model.title ? `“${model.title}”` : "an untitled f-puzzles puzzle";
    if (answer.ignored.length) what += ` (left out: ${answer.ignored.join(", ")})`;
  }
  const before = M.clone(app.model);
  await useModel(model, signal);
  app.history.record(before, null);
  paint();
  say(`Imported ${what}.`);
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

function showLink(link, what) {
  const field = $("link");
  field.value = link;
  field.dataset.kind = what;
  field.select();
  const copied = navigator.clipboard ? navigator.clipboard.writeText(link).then(() => true, () => false) : Promise.resolve(false);
  copied.then((ok) => say(`${what}${ok ? " copied" : " below"}: ${link.length} characters.`));
}

async function exportLink(which, signal) {
  const answer = await api.call("export", M.request(app.model), signal);
  showLink(answer[which], which === "fpuzzles" ? "f-puzzles link" : "SudokuPad link");
}

// ---- Wiring ----

function toolButtons() {
  const box = $("tools");
  let group = null, row = null;
  for (const t of TOOLS) {
    if (t.group !== group) {
      group = t.group;
      const title = document.createElement("h3");
      title.textContent = group;
      box.appendChild(title);
      row = document.createElement("div");
      row.className = "buttons tools";
      box.appendChild(row);
    }
    const button = document.createElement("button");
    button.textContent = t.label;
    button.dataset.tool = t.id;
    button.title = t.help || `Drag to draw a ${t.label.toLowerCase()} line`;
    button.onclick = () => pickTool(t.id);
    row.appendChild(button);
  }
}

function pickTool(id) {
  app.ui.tool = id;
  app.ui.drag = null;
  const t = tool(id);
  $("tool-help").textContent = `${t.label}: ${t.help || "drag from cell to neighbouring cell."} Ctrl-Z undoes.`;
  paint();
}

function fieldEdits() {
  for (const [id, key] of [["title", "title"], ["author", "author"], ["rules-text", "rulesText"]]) {
    $(id).addEventListener("input", () => editModel(key, (m) => (m[key] = $(id).value)));
    $(id).addEventListener("change", () => app.history.seal());
  }
  for (const box of document.querySelectorAll("#globals input")) {
    box.addEventListener("change", () => {
      const on = box.checked;
      if (box.dataset.flag) {
        editModel(null, (m) => (m.shape[box.dataset.flag] = on));
      } else if (box.dataset.rule) {
        editModel(null, (m) => {
          m.rules = m.rules.filter((r) => r !== box.dataset.rule);
          if (on) m.rules.push(box.dataset.rule);
        });
      } else {
        const mark = box.dataset.negative;
        editModel(null, (m) => {
          m.rules = m.rules.filter((r) => !(M.kindOf(r)[0] === "Negative" && M.kindOf(r)[1] === mark));
          if (on) m.rules.push({ Negative: mark });
        });
      }
    });
  }
}

// A new puzzle on the shape picked: a designer's grid or a built-in.
function newShape(value, signal) {
  const shape = value.startsWith("grid:") ? M.gridShape(Number(value.slice(5))) : { kind: "builtin", name: value };
  return startOn(M.newModel(shape), signal);
}

async function startOn(model, signal) {
  const before = app.info ? M.clone(app.model) : null;
  const error = $("variant-error");
  try {
    await useModel(model, signal);
    error.hidden = true;
  } catch (e) {
    const where = e.answer && e.answer.line ? `line ${e.answer.line}, column ${e.answer.column}: ` : "";
    error.textContent = where + e.message;
    error.hidden = false;
    say("The variant has an error: see the left.", "error");
    if (e.answer && e.answer.line && model.shape.kind === "ron") pointAt($("ron"), e.answer.line, e.answer.column);
    syncFields();
    return false;
  }
  if (before) app.history.record(before, null);
  const info = app.info;
  say(`${info.name}: ${info.cells.length} cells, ${info.houses} houses, symbols ${info.symbols.join(" ")}. Click a cell and type, or pick a tool to draw.`);
  paint();
  return true;
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

function wire() {
  const picker = $("variant-select");
  $("load-variant").onclick = () => work("Loading", (signal) => newShape(picker.value, signal));
  picker.onchange = $("load-variant").onclick;
  $("load-ron").onclick = () => work("Loading", (signal) => startOn(M.newModel({ kind: "ron", text: $("ron").value }), signal));
  $("ron-file").onchange = async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    $("ron").value = await file.text();
    $("ron-box").open = true;
    work("Loading", (signal) => startOn(M.newModel({ kind: "ron", text: $("ron").value }), signal));
  };
  $("import").onclick = () => work("Importing", importPuzzle);
  $("check").onclick = () => work("Checking", check);
  $("solve").onclick = () => work("Solving", solve);
  $("count").onclick = () => work("Counting", count);
  $("hint").onclick = () => work("Hint", (s) => stepTo(app.ui.logic ? app.ui.logic.applied : 0, 0, s));
  $("apply-step").onclick = () => work("Applying", (s) => stepTo(app.ui.logic ? app.ui.logic.applied : 0, 1, s));
  $("back-step").onclick = () => work("Back", (s) => stepTo((app.ui.logic ? app.ui.logic.applied : 0) - 1, 0, s));
  $("logic").onclick = () => work("Solving by logic", (s) => stepTo(app.ui.logic ? app.ui.logic.applied : 0, null, s));
  $("analyse").onclick = () => work("Setter tools", analyse);
  $("use-minimal").onclick = () => {
    const minimal = app.ui.setter && app.ui.setter.minimal;
    if (!minimal) return;
    editModel(null, (m) => (m.givens = minimal.givens));
    say(`The minimal puzzle: ${minimal.clues} givens (Ctrl-Z brings the others back).`, "unique");
  };
  $("generate").onclick = () => work("Generating", generate);
  $("clear-solution").onclick = () => {
    app.ui.solution = null;
    app.ui.marks = new Map();
    app.ui.logic = null;
    say("Solution hidden.");
    refresh();
  };
  $("clear").onclick = () => {
    editModel(null, (m) => (m.givens = m.givens.map(() => null)));
    say("Givens cleared.");
  };
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("cancel").onclick = () => {
    const stopped = api.cancel();
    const queued = stopped.queued ? ` and ${stopped.queued} queued` : "";
    say(`Cancelled ${stopped.running ? stopped.running.toLowerCase() : "the work"}${queued}.`);
  };
  for (const b of document.querySelectorAll("[data-mode]")) b.onclick = () => setMode(b.dataset.mode);
  for (const radio of document.querySelectorAll('input[name="overlay"]')) {
    radio.onchange = () => {
      app.ui.overlay = radio.value;
      app.ui.truth = null;
      app.ui.truthState = null;
      if (radio.value === "candidates") showCandidates();
      if (radio.value === "true") overlays.refreshTruth();
      if (radio.value === "none") say("Candidates hidden.");
      paint();
    };
  }
  $("share").onclick = () => showLink(storage.shareLink(app.model), "Share link");
  $("export-fpuzzles").onclick = () => work("Exporting", (s) => exportLink("fpuzzles", s));
  $("export-sudokupad").onclick = () => work("Exporting", (s) => exportLink("sudokupad", s));
  $("download-ron").onclick = () =>
    work("Writing RON", async (signal) => {
      save(fileName() + ".ron", "text/plain", await api.call("puzzle", M.request(app.model), signal));
      say(`Downloaded ${fileName()}.ron: the variant is written out in it, so every command reads it alone.`);
    });
  $("download-svg").onclick = () =>
    work("Drawing", async (signal) => {
      const answer = await api.call("render", M.request(app.model, { download: true }), signal);
      save(fileName() + ".svg", "image/svg+xml", answer.svg);
      say(`Downloaded ${fileName()}.svg.`);
    });
  $("download-png").onclick = () =>
    work("Drawing", async (signal) => {
      save(fileName() + ".png", "image/png", await api.call("png", M.request(app.model, { scale: 2 }), signal));
      say(`Downloaded ${fileName()}.png.`);
    });
  $("add-rule").onclick = () =>
    work("Reading the rule", async (signal) => {
      const answer = await api.call("rule", Object.assign(M.source(app.model), { text: $("rule-ron").value }), signal);
      editModel(null, (m) => m.rules.push(answer.rule));
      $("rule-ron").value = "";
      say(`Added ${M.describe(answer.rule)}.`);
    });
  fieldEdits();
  toolButtons();
}

async function start() {
  wire();
  edit.attach(app);
  overlays.attach(app);
  const linked = storage.fromLink(location.hash);
  if (linked) history.replaceState(null, "", location.pathname);
  if (linked && !(linked instanceof Error)) storage.keep(linked);
  let list;
  try {
    list = await api.variants();
  } catch (e) {
    if (e.status !== 403) throw e;
    say("This page needs the address `graphdoku serve` printed (…/?token=…): open it, and the puzzle of this link opens there.", "error");
    return;
  }
  const picker = $("variant-select");
  const grids = document.createElement("optgroup");
  grids.label = "New grid";
  for (const n of [4, 5, 6, 7, 8, 9, 10, 12, 16]) grids.appendChild(new Option(`${n}×${n} grid`, `grid:${n}`));
  picker.appendChild(grids);
  const builtins = document.createElement("optgroup");
  builtins.label = "Built-in variant";
  for (const name of list.variants) builtins.appendChild(new Option(name, name));
  picker.appendChild(builtins);
  const pasted = new Option("(pasted RON)", "");
  pasted.disabled = true;
  picker.appendChild(pasted);
  const saved = linked instanceof Error ? null : linked || storage.restore();
  if (linked instanceof Error) say(linked.message, "error");
  await work("Loading", async (signal) => {
    if (saved && (await startOn(saved, signal))) {
      app.history.clear();
      if (linked) say(`Opened the shared puzzle${saved.title ? ` “${saved.title}”` : ""}.`);
      else say(`Welcome back: your puzzle${saved.title ? ` “${saved.title}”` : ""} as you left it.`);
      return;
    }
    await startOn(M.newModel(M.gridShape(9)), signal);
    app.history.clear();
  });
  pickTool("select");
  paint();
}

// A share link pasted into this tab's address bar: its puzzle, at once.
window.addEventListener("hashchange", () => {
  const linked = storage.fromLink(location.hash);
  if (!linked) return;
  history.replaceState(null, "", location.pathname);
  if (linked instanceof Error) {
    say(linked.message, "error");
    return;
  }
  work("Opening the link", async (signal) => {
    if (await startOn(linked, signal)) say(`Opened the shared puzzle${linked.title ? ` “${linked.title}”` : ""}.`);
  });
});

start().catch((e) => say("Cannot start: " + e.message, "error"));

// The designer page: the puzzle being set (model.js), its picture and the
// page's layer over it (board.js, overlays.js), editing (edit.js, tools.js),
// undo (history.js), the browser's copy and share links (storage.js), the
// panels (panels.js) and what the buttons do on the server's JSON API
// (actions.js, api.js). This file holds the puzzle, its edits and its
// drawing, and wires the rest to the page's controls.

import * as actions from "./actions.js";
import * as api from "./api.js";
import { Board } from "./board.js";
import * as edit from "./edit.js";
import { History } from "./history.js";
import * as M from "./model.js";
import * as overlays from "./overlays.js";
import * as panels from "./panels.js";
import * as storage from "./storage.js";

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
    overlays.refreshClashes();
    if (app.ui.overlay === "candidates") actions.showCandidates();
  }
  if (app.ui.rule !== null && app.ui.rule >= app.model.rules.length) app.ui.rule = null;
  // The RON box shows the variant in use: a designer's grid as it is now.
  const shape = app.model.shape;
  if (shape.kind === "grid" && (!before || JSON.stringify(before.shape) !== JSON.stringify(shape))) {
    $("ron").value = M.source(app.model).ron;
  }
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
  panels.syncFields();
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
  const crowded = M.crowded(model, info);
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
    // Clear of the rules' drawings: a cage's total, a bulb or circle.
    const room = { top: crowded.top.has(i), middle: crowded.middle.has(i) };
    if (model.centre[i]) board.marks(i, [long ? model.centre[i] : model.centre[i].replace(/ /g, "")], { cls: "centre", ...room });
    if (model.corner[i]) board.marks(i, model.corner[i].split(" "), { corner: true, cls: "corner", ...room });
  }
  overlays.paintRulesOffGrid();
  overlays.paintCandidates();
  overlays.paintRules();
  overlays.paintGesture();
  fillPad();
  panels.controls();
}

// The digit pad's keys: the shape's symbols (one button each when they are
// one character; for longer ones the digits that spell them), and clear.
function fillPad() {
  const pad = $("pad");
  if (!pad || !app.info) return;
  const symbols = app.info.symbols;
  const keys = symbols.every((s) => s.length === 1) ? symbols : [...new Set(symbols.join("").split(""))].sort();
  if (pad.dataset.keys === keys.join(" ")) return;
  pad.dataset.keys = keys.join(" ");
  pad.replaceChildren();
  for (const key of [...keys, "Backspace"]) {
    const b = document.createElement("button");
    b.textContent = key === "Backspace" ? "⌫" : key;
    b.dataset.key = key;
    b.title = key === "Backspace" ? "Clear the cell" : `Type ${key}`;
    b.onclick = () => $("board").dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    pad.appendChild(b);
  }
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
  useModel,
  paint,
  refresh,
  say,
  undo,
  redo,
  setMode,
  clearMarks,
});

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
    panels.syncFields();
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
  $("import").onclick = () => work("Importing", actions.importPuzzle);
  $("check").onclick = () => work("Checking", actions.check);
  $("solve").onclick = () => work("Solving", actions.solve);
  $("count").onclick = () => work("Counting", actions.count);
  const applied = () => (app.ui.logic ? app.ui.logic.applied : 0);
  $("hint").onclick = () => work("Hint", (s) => actions.stepTo(applied(), 0, s));
  $("apply-step").onclick = () => work("Applying", (s) => actions.stepTo(applied(), 1, s));
  $("back-step").onclick = () => work("Back", (s) => actions.stepTo(applied() - 1, 0, s));
  $("logic").onclick = () => work("Solving by logic", (s) => actions.stepTo(applied(), null, s));
  $("analyse").onclick = () => work("Setter tools", actions.analyse);
  $("use-minimal").onclick = actions.useMinimal;
  $("generate").onclick = () => work("Generating", actions.generate);
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
      if (radio.value === "candidates") actions.showCandidates();
      if (radio.value === "true") overlays.refreshTruth();
      if (radio.value === "none") say("Candidates hidden.");
      paint();
    };
  }
  $("share").onclick = () => work("Sharing", actions.shareLink);
  $("grade").onclick = () => work("Grading", actions.grade);
  $("export-fpuzzles").onclick = () => work("Exporting", (s) => actions.exportLink("fpuzzles", s));
  $("export-sudokupad").onclick = () => work("Exporting", (s) => actions.exportLink("sudokupad", s));
  $("download-ron").onclick = () => work("Writing RON", actions.downloadRon);
  $("download-svg").onclick = () => work("Drawing", actions.downloadSvg);
  $("download-png").onclick = () => work("Drawing", actions.downloadPng);
  $("add-rule").onclick = () => work("Reading the rule", actions.addRule);
  panels.fieldEdits();
  panels.toolButtons();
}

async function start() {
  for (const part of [edit, overlays, actions, panels]) part.attach(app);
  wire();
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
  fillPad();
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
  panels.pickTool("select");
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

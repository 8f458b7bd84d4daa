// Editing with the mouse and keyboard: selecting cells, drawing each tool's
// rule (its gesture, from tools.js), typing givens, digits, pencil marks and
// a rule's number, deleting, undo and redo.

import { DIRECTIONS } from "./board.js";
import { KINDS, article, boxMap, complete, describe, kindOf, letter, regionProblem, ruleCells, ruleNumber, sameCells, setRuleNumber } from "./model.js";
import { tool, touching } from "./tools.js";

// The app: {model, info, ui, board, edit(key, mutate), paint(), say(), undo(), redo()}.
let app = null;

const nameOf = (i) => app.info.cells[i].name;
const indexOf = (name) => app.info.cells.findIndex((c) => c.name === name);
const placeOf = (i) => app.info.cells[i].at;

export function attach(application) {
  app = application;
  const element = app.board.element;
  element.addEventListener("pointerdown", down);
  element.addEventListener("pointermove", move);
  element.addEventListener("pointerup", up);
  element.addEventListener("pointercancel", () => {
    app.ui.drag = null;
    app.paint();
  });
  document.addEventListener("keydown", key);
}

// ---- Pointer ----

function down(event) {
  if (event.button !== 0 || !app.board.svg || !app.info) return;
  const board = app.board;
  const p = board.point(event);
  const t = tool(app.ui.tool);
  const ui = app.ui;
  board.element.setPointerCapture(event.pointerId);
  board.element.focus({ preventScroll: true });
  ui.typed = "";
  ui.advanced = null;
  app.history.seal();
  if (t.gesture === "select") {
    const i = board.cellAt(p);
    ui.rule = null;
    if (i < 0) {
      if (!event.shiftKey && !event.ctrlKey && !event.metaKey) ui.selection = [];
      ui.drag = null;
    } else if (event.ctrlKey || event.metaKey) {
      const had = ui.selection.includes(i);
      ui.selection = had ? ui.selection.filter((c) => c !== i) : [...ui.selection, i];
      ui.drag = { gesture: "select", adding: !had };
    } else {
      if (!event.shiftKey) ui.selection = [];
      if (!ui.selection.includes(i)) ui.selection.push(i);
      ui.drag = { gesture: "select", adding: true };
    }
    ui.cursor = i >= 0 ? i : ui.cursor;
  } else if (["cells", "region", "house", "clone"].includes(t.gesture)) {
    const i = board.cellAt(p);
    ui.drag = i >= 0 ? { gesture: t.gesture, cells: [i], moved: false } : null;
  } else if (t.gesture === "line") {
    const i = board.cellAt(p);
    ui.drag = i >= 0 ? { gesture: "line", cells: [i], moved: false } : null;
  } else if (t.gesture === "outside") {
    const at = board.outsideAt(p);
    ui.drag = at ? { gesture: "outside", at, into: -1 } : null;
  } else {
    ui.drag = { gesture: t.gesture, start: p };
  }
  app.paint();
  event.preventDefault();
}

function move(event) {
  const drag = app.ui.drag;
  if (!drag || !app.board.svg) return;
  const board = app.board;
  const p = board.point(event);
  if (drag.gesture === "select") {
    const i = board.cellAt(p);
    if (i < 0) return;
    const sel = app.ui.selection;
    if (drag.adding && !sel.includes(i)) sel.push(i);
    if (!drag.adding && sel.includes(i)) app.ui.selection = sel.filter((c) => c !== i);
    app.ui.cursor = i;
  } else if (drag.cells && drag.gesture !== "line") {
    const i = board.cellAt(p);
    if (i < 0 || drag.cells.includes(i)) return;
    drag.cells.push(i);
    drag.moved = true;
  } else if (drag.gesture === "line") {
    const i = board.cellAt(p, true);
    const cells = drag.cells;
    const last = cells[cells.length - 1];
    if (i < 0 || i === last) return;
    if (cells.length >= 2 && i === cells[cells.length - 2]) {
      cells.pop(); // back along the line
    } else if (!cells.includes(i) && touching(placeOf(last), placeOf(i))) {
      cells.push(i);
    } else {
      return;
    }
    drag.moved = true;
  } else if (drag.gesture === "outside") {
    drag.into = board.cellAt(p);
  } else {
    return;
  }
  app.paint();
}

function up(event) {
  const drag = app.ui.drag;
  app.ui.drag = null;
  if (!drag || !app.board.svg) {
    app.paint();
    return;
  }
  const p = app.board.point(event);
  const t = tool(app.ui.tool);
  const finish = {
    cells: () => cage(t, drag),
    line: () => line(t, drag),
    edge: () => edge(t, p),
    mark: () => mark(t, p),
    corner: () => corner(t, p),
    outside: () => outside(t, drag),
    clone: () => clone(t, drag),
    region: () => region(drag.cells),
    house: () => house(drag.cells),
  }[drag.gesture];
  if (finish) finish();
  app.paint();
}

// The selected cells made into the rule (or region) of tool `t`, when its
// gesture is a set of cells; whether it was.
export function drawSelection(t) {
  const cells = app.ui.selection.slice();
  const finish = { cells: () => cage(t, { cells, moved: true }), region: () => region(cells), house: () => house(cells) }[t.gesture];
  if (!finish) return false;
  app.ui.selection = [];
  finish();
  return true;
}

// The index of a rule of `kind` that `test` picks, the last drawn first.
function findRule(kind, test) {
  const rules = app.model.rules;
  for (let i = rules.length - 1; i >= 0; i--) {
    const [k, spec] = kindOf(rules[i]);
    if (k === kind && test(spec, rules[i])) return i;
  }
  return -1;
}

// Adds `rule` and picks it (for its number to be typed), or picks the one
// like it already there.
function addRule(rule, what) {
  const same = app.model.rules.findIndex((r) => sameCells(r, rule));
  if (same >= 0) {
    app.ui.rule = same;
    return;
  }
  app.edit(null, (model) => model.rules.push(rule));
  app.ui.rule = app.model.rules.length - 1;
  const info = KINDS[kindOf(rule)[0]];
  const more = !info ? "" : info.pill ? " (type 2 or 3 for a pill)" : info.needs || info.digits ? ": type its number" : info.number ? " (type a number if it needs one)" : "";
  app.say(`Drew ${article(what || info.label)}${more}.`);
}

function cage(t, drag) {
  const names = drag.cells.map(nameOf);
  if (!drag.moved) {
    const at = findRule(t.kind, (s) => s.cells.includes(names[0]));
    if (at >= 0) {
      app.ui.rule = at;
      return;
    }
  }
  addRule(t.make(names));
}

function line(t, drag) {
  const names = drag.cells.map(nameOf);
  if (names.length < 2) {
    const at = findRule(t.kind, (_, rule) => ruleCells(rule).includes(names[0]));
    app.ui.rule = at >= 0 ? at : null;
    if (at < 0) app.say(`${t.label}: drag from cell to neighbouring cell to draw one.`);
    return;
  }
  addRule(t.make(names));
}

function edge(t, p) {
  const pair = app.board.edgeAt(p);
  if (!pair) return;
  const [a, b] = pair.map(nameOf);
  const at = findRule(t.kind, (_, rule) => {
    const cells = ruleCells(rule);
    return cells.length === 2 && cells.includes(a) && cells.includes(b);
  });
  if (at < 0) {
    addRule(t.make([a, b]));
    return;
  }
  const [, spec] = kindOf(app.model.rules[at]);
  if (t.kind === "GreaterThan" && spec[0] === a) {
    app.edit(null, (model) => (model.rules[at] = t.make([b, a])));
    app.ui.rule = at;
    return;
  }
  app.edit(null, (model) => model.rules.splice(at, 1));
  app.ui.rule = null;
}

function mark(t, p) {
  const i = app.board.cellAt(p);
  if (i < 0) return;
  const name = nameOf(i);
  const at = findRule(t.kind, (s) => s.includes(name));
  if (at >= 0) {
    app.edit(null, (model) => {
      const spec = kindOf(model.rules[at])[1];
      spec.splice(spec.indexOf(name), 1);
      if (!spec.length) model.rules.splice(at, 1);
    });
    app.ui.rule = null;
  } else {
    addRule(t.make(name));
    app.ui.rule = null;
  }
}

function corner(t, p) {
  const cells = app.board.cornerAt(p);
  if (!cells) return;
  addRule(t.make(cells.map(nameOf)));
}

function outside(t, drag) {
  const board = app.board;
  const { row, col } = drag.at;
  const steps = Object.keys(DIRECTIONS).map((k) => k.split(",").map(Number));
  const into = ([dr, dc]) => board.cellAtPosition(row + dr, col + dc);
  let step = null;
  if (t.diagonal) {
    const diagonals = steps.filter(([dr, dc]) => dr && dc && into([dr, dc]) >= 0);
    const dragged = drag.into >= 0 && diagonals.find((s) => into(s) === drag.into);
    // The longer diagonal unless the drag says which.
    const length = ([dr, dc]) => {
      let n = 0;
      while (board.cellAtPosition(row + dr * (n + 1), col + dc * (n + 1)) >= 0) n++;
      return n;
    };
    step = dragged || diagonals.sort((a, b) => length(b) - length(a))[0] || null;
  } else {
    const straight = steps.filter(([dr, dc]) => !(dr && dc) && into([dr, dc]) >= 0);
    step = straight.length === 1 ? straight[0] : null;
  }
  if (!step) {
    app.say(`${t.label}: click beside ${t.diagonal ? "the grid" : "a row or column, not a corner"}.`);
    return;
  }
  const from = nameOf(into(step));
  const towards = DIRECTIONS[step.join(",")];
  const at = findRule(t.kind, (s) => s.from === from && s.towards === towards);
  if (at >= 0) {
    app.ui.rule = at;
    return;
  }
  addRule(t.make(from, towards));
}

function clone(t, drag) {
  const names = drag.cells.map(nameOf);
  const picked = app.ui.rule !== null ? app.model.rules[app.ui.rule] : null;
  if (picked && kindOf(picked)[0] === "Clone" && kindOf(picked)[1][1].length === 0) {
    const first = kindOf(picked)[1][0];
    if (first.length !== names.length) {
      app.say(`Clone: the copy needs ${first.length} cells, as the first part has; this drag has ${names.length}.`, "error");
      return;
    }
    const at = app.ui.rule;
    app.edit(null, (model) => (kindOf(model.rules[at])[1][1] = names));
    app.say("Drew a clone.");
    return;
  }
  addRule(t.make(names));
  app.say("Clone: now drag over the cells that copy these, in the same order.");
}

function region(cells) {
  const shape = app.model.shape;
  if (shape.kind !== "grid") return;
  app.edit(null, (model) => {
    const s = model.shape;
    const map = (s.regions || boxMap(s.size, s.boxes)).map((row) => [...row]);
    const chosen = new Set(cells.map((i) => placeOf(i).join(",")));
    for (const key of chosen) {
      const [r, c] = key.split(",").map(Number);
      map[r][c] = "";
    }
    const used = new Set(map.flat());
    let k = 0;
    while (used.has(letter(k))) k++;
    for (const key of chosen) {
      const [r, c] = key.split(",").map(Number);
      map[r][c] = letter(k);
    }
    s.regions = map.map((row) => row.join(""));
  });
  const problem = regionProblem(app.model.shape);
  app.say(problem ? `Jigsaw: ${problem}; the page draws them until they tile the grid.` : "The regions tile the grid: a jigsaw.");
}

function house(cells) {
  if (app.model.shape.kind !== "grid" || cells.length < 2) return;
  app.edit(null, (model) => {
    const n = model.shape.houses.length + 1;
    model.shape.houses.push({ name: `extra region ${n}`, cells: cells.map(nameOf) });
  });
  app.say("Drew an extra region: its cells must all differ.");
}

// ---- Keyboard ----

const MODES = { z: "given", x: "corner", c: "centre", v: "digit" };

function key(event) {
  // Keys typed into a text field are the field's; a checkbox, a button or a
  // read-only field leaves them to the board.
  const target = event.target;
  const typing = "input[type=text]:not([readonly]), input[type=number], input:not([type]), textarea, select";
  if (target.matches && target.matches(typing)) return;
  if (!app.info) return;
  const ui = app.ui;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && !event.altKey) {
    const k = event.key.toLowerCase();
    if (k === "z" && !event.shiftKey) app.undo();
    else if (k === "y" || (k === "z" && event.shiftKey)) app.redo();
    else return;
    event.preventDefault();
    return;
  }
  if (event.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const symbols = app.info.symbols;
  const isSymbol = (k) => symbols.some((s) => s.toLowerCase().startsWith((ui.typed + k).toLowerCase()) || s.toLowerCase().startsWith(k.toLowerCase()));
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    const from = ui.cursor ?? 0;
    const to = ui.cursor === null || ui.cursor === undefined ? 0 : neighbour(from, dr, dc);
    ui.cursor = to;
    ui.rule = null;
    ui.typed = "";
    ui.advanced = null;
    if (event.shiftKey) {
      if (!ui.selection.includes(to)) ui.selection.push(to);
    } else {
      ui.selection = [to];
    }
    app.history.seal();
  } else if (event.key === "Escape") {
    if (ui.drag) ui.drag = null;
    else if (ui.rule !== null) ui.rule = null;
    else ui.selection = [];
    app.clearMarks();
  } else if (ui.rule !== null && (event.key === "Delete" || (event.key === "Backspace" && !hasNumber(ui.rule)))) {
    const at = ui.rule;
    ui.rule = null;
    app.edit(null, (model) => model.rules.splice(at, 1));
    app.say("Rule deleted.");
  } else if (ui.rule !== null && takesNumber(ui.rule) && (/^[0-9]$/.test(event.key) || event.key === "Backspace" || event.key === "-")) {
    typeNumber(event.key);
  } else if (event.key === "Backspace" && backOver()) {
    clearCells();
  } else if (["Backspace", "Delete"].includes(event.key) || (event.key === "." && !isSymbol("."))) {
    clearCells();
  } else if (MODES[event.key.toLowerCase()] && !isSymbol(event.key)) {
    app.setMode(MODES[event.key.toLowerCase()]);
  } else if (event.key === "0" && !isSymbol("0")) {
    clearCells();
  } else if (event.key.length === 1 && ui.selection.length) {
    // Shift with a digit key: a corner mark (the key's digit, not its shifted sign).
    const digit = event.shiftKey && /^Digit[0-9]$/.test(event.code) ? event.code.slice(5) : null;
    if (!type(digit || event.key, digit ? "corner" : ui.mode)) return;
  } else {
    return;
  }
  app.paint();
  event.preventDefault();
}

function takesNumber(at) {
  const info = KINDS[kindOf(app.model.rules[at])[0]];
  return Boolean(info && (info.number || info.digits || info.pill));
}

function hasNumber(at) {
  const info = KINDS[kindOf(app.model.rules[at])[0]];
  const number = ruleNumber(app.model.rules[at]);
  return takesNumber(at) && !info.pill && number !== null && number !== undefined && number !== "";
}

// A key typed while a rule is picked: its total, value, count or digits.
function typeNumber(k) {
  const at = app.ui.rule;
  app.edit(`number ${at}`, (model) => {
    const rule = model.rules[at];
    const [kind, spec] = kindOf(rule);
    if (KINDS[kind].digits) {
      if (k === "Backspace") spec.digits.pop();
      else if (/[0-9]/.test(k) && spec.digits.length < 4) spec.digits.push(Number(k));
      return;
    }
    if (KINDS[kind].pill) {
      if (/[0-9]/.test(k)) setRuleNumber(rule, Number(k));
      return;
    }
    const old = ruleNumber(rule);
    let text = old === null || old === undefined ? "" : String(old);
    if (k === "Backspace") text = text.slice(0, -1);
    else if (k === "-") text = text.startsWith("-") ? text.slice(1) : "-" + text;
    else text = text.length < 4 ? text + k : text;
    setRuleNumber(rule, text === "" || text === "-" ? null : Number(text));
  });
  const rule = app.model.rules[at];
  app.say(complete(rule) ? `${describe(rule)}.` : `${describe(rule)}: type its number.`);
}

// Typing into the selected cells: keys add up while they still spell a
// symbol (so "1" then "2" gives 12 on a 16×16), else start afresh.
function type(k, mode) {
  const ui = app.ui;
  const symbols = app.info.symbols;
  const upper = k.toUpperCase(), lower = k.toLowerCase();
  if (!symbols.some((s) => s.includes(k))) k = symbols.some((s) => s.includes(upper)) ? upper : lower;
  for (const attempt of [ui.typed + k, k]) {
    if (symbols.some((s) => s.startsWith(attempt))) {
      ui.typed = attempt;
      if (symbols.includes(attempt)) {
        fill(attempt, mode, attempt !== k);
        // A given or digit typed in: on to the next cell, once no longer
        // symbol could still begin with it (1 waits for 12 on a 16×16).
        const whole = !symbols.some((s) => s !== attempt && s.startsWith(attempt));
        if (whole && ["given", "digit"].includes(mode) && ui.selection.length === 1) advance();
      }
      return true;
    }
  }
  return false;
}

// Puts `symbol` in every selected cell, as the mode says; `longer` when it
// extends the symbol typed just before (12 after 1), which it replaces.
function fill(symbol, mode, longer) {
  const cells = app.ui.selection.slice();
  app.edit(`${mode} ${cells.join(",")}`, (model) => {
    for (const i of cells) {
      if (mode === "given") {
        model.givens[i] = symbol;
      } else if (mode === "digit") {
        if (!model.givens[i]) model.digits[i] = symbol;
      } else {
        const key = mode === "centre" ? "centre" : "corner";
        let marks = (model[key][i] || "").split(" ").filter(Boolean);
        // "12" typed as 1 then 2 replaces the 1 it began as.
        if (longer) marks = marks.filter((m) => m !== symbol.slice(0, -1));
        marks = marks.includes(symbol) ? marks.filter((m) => m !== symbol) : [...marks, symbol];
        marks.sort((a, b) => symbols().indexOf(a) - symbols().indexOf(b));
        model[key][i] = marks.join(" ");
      }
    }
  });
}

const symbols = () => app.info.symbols;

// Moves the selection to the cell after the one just typed in (the
// variant's order: reading order on a grid, sector by sector on a pie).
function advance() {
  const ui = app.ui;
  const from = ui.selection[0];
  const to = from + 1;
  if (to >= app.info.cells.length) return;
  ui.selection = [to];
  ui.cursor = to;
  ui.typed = "";
  ui.advanced = { from, to };
}

// Backspace on the empty cell typing moved to: back to the cell typed in,
// which is then cleared (as a text field's Backspace takes the last letter).
function backOver() {
  const ui = app.ui;
  const moved = ui.advanced;
  if (!moved || ui.selection.length !== 1 || ui.selection[0] !== moved.to) return false;
  const model = app.model;
  const filled = ui.mode === "given" ? model.givens[moved.to] : model.digits[moved.to];
  if (filled) return false;
  ui.selection = [moved.from];
  ui.cursor = moved.from;
  ui.advanced = null;
  return true;
}

function clearCells() {
  const cells = app.ui.selection.slice();
  const mode = app.ui.mode;
  app.ui.typed = "";
  if (!cells.length) return;
  app.edit(null, (model) => {
    for (const i of cells) {
      if (mode === "given") {
        model.givens[i] = null;
      } else if (mode === "digit") {
        if (model.digits[i]) model.digits[i] = null;
        else [model.centre[i], model.corner[i]] = ["", ""];
      } else {
        model[mode === "centre" ? "centre" : "corner"][i] = "";
      }
    }
  });
}

// The nearest cell from `i` in a direction, by the layout's coordinates.
function neighbour(i, dr, dc) {
  const cells = app.info.cells;
  const [r, c] = cells[i].at;
  if (app.info.layout === "polar") {
    const sectors = Math.max(...cells.map((x) => x.at[0])) + 1;
    const want = [(r + dc + sectors) % sectors, c - dr]; // up = outward ring
    const j = cells.findIndex((x) => x.at[0] === want[0] && x.at[1] === want[1]);
    return j >= 0 ? j : i;
  }
  let best = i, distance = Infinity;
  cells.forEach((x, j) => {
    const along = dr ? (x.at[0] - r) * dr : (x.at[1] - c) * dc;
    const across = dr ? Math.abs(x.at[1] - c) : Math.abs(x.at[0] - r);
    if (along > 0 && across < 0.5 && along < distance) {
      best = j;
      distance = along;
    }
  });
  if (best === i && app.info.layout === "free") return (i + dr + dc + cells.length) % cells.length;
  return best;
}

export { indexOf };

// What the page draws over the server's picture: a logic solve's candidates
// and placements (the candidates overlay, and the step-through hints), the
// true candidates (the values some solution has, with the ones that leave a
// single solution picked out), the rules the server cannot use yet or that
// are picked, and the gesture under way.

import { call } from "./api.js";
import { stepOf } from "./board.js";
import * as M from "./model.js";

let app = null;

export function attach(application) {
  app = application;
}

// ---- The logic solve, a step at a time ----

// Asks for the board after `from` steps, applying `take` more (all logic
// finds when null); keeps the answer as the step-through's state.
export async function steps(from, take, signal) {
  const answer = await call("steps", M.request(app.model, { from, take }), signal);
  app.ui.logic = answer;
  return answer;
}

// The step-through in words: how far, and what the next step is.
export function stepText(answer) {
  if (answer.clashes) return "No steps: givens clash.";
  const done = answer.applied ? `${answer.applied} step${answer.applied === 1 ? "" : "s"} applied. ` : "";
  switch (answer.state) {
    case "solved":
      return `${done}Solved by logic.`;
    case "stuck":
      return `${done}Logic runs out here: a guess is needed (or the puzzle has several solutions).`;
    case "contradiction":
      return `${done}Contradiction in ${app.info.cells[answer.cell]?.name ?? "a cell"}: the puzzle has no solution.`;
    case "gave-up":
      return `${done}Out of time before the next step.`;
    default:
      return `${done}Next: ${answer.next.text}`;
  }
}

// ---- Clashes as they are typed ----

let clashTimer = null;
let clashRequest = null;

// Asks soon (a burst of edits asks once) whether the givens clash, and marks
// the cells that do in red, as they are typed; an answer for older givens is
// dropped.
export function refreshClashes() {
  clearTimeout(clashTimer);
  if (clashRequest) clashRequest.abort();
  clashRequest = null;
  if (!app.model.givens.some(Boolean)) return;
  clashTimer = setTimeout(async () => {
    const controller = new AbortController();
    clashRequest = controller;
    const version = app.version;
    try {
      const answer = await call("steps", M.request(app.model, { from: 0, take: 0 }), controller.signal);
      if (version !== app.version) return;
      for (const [cell, kind] of [...app.ui.marks]) if (kind === "clash") app.ui.marks.delete(cell);
      for (const cell of answer.clashes || []) app.ui.marks.set(cell, "clash");
      app.paint();
    } catch (e) {
      // A failed check is not worth a word: Check says it.
    } finally {
      if (clashRequest === controller) clashRequest = null;
    }
  }, 200);
}

// ---- True candidates ----

let truthRequest = null;
let truthTimer = null;

// Asks again for the true candidates soon (edits in a burst ask once), if
// the overlay is on; an answer for older givens is dropped.
export function refreshTruth() {
  clearTimeout(truthTimer);
  if (truthRequest) truthRequest.abort();
  truthRequest = null;
  if (app.ui.overlay !== "true") return;
  app.ui.truthState = "working";
  app.paint();
  truthTimer = setTimeout(async () => {
    const controller = new AbortController();
    truthRequest = controller;
    const version = app.version;
    try {
      const answer = await call("candidates", M.request(app.model), controller.signal);
      if (version !== app.version) return;
      app.ui.truth = truths(answer);
      app.ui.truthState = "done";
    } catch (e) {
      if (e.name === "AbortError") return;
      app.ui.truth = { error: e.message, cells: [] };
      app.ui.truthState = "done";
    } finally {
      if (truthRequest === controller) truthRequest = null;
    }
    app.paint();
  }, 350);
}

// The answer of /api/candidates as, per cell, the values some solution has:
// [{symbol, count, complete, unique}] (`complete`: the count is all there
// are, else at least that many; `unique`: placing it leaves one solution).
export function truths(answer) {
  const cells = (answer.cells || []).map((entry) => {
    const atLeast = entry.at_least || [];
    const unique = entry.unique_with || [];
    return Object.entries(entry.counts || {}).map(([symbol, count]) => ({
      symbol,
      count,
      complete: !atLeast.includes(symbol),
      unique: unique.includes(symbol),
    }));
  });
  const complete = cells.every((c) => c.every((t) => t.complete));
  const clashes = answer.clashes || null;
  return { cells, status: answer.status, complete, count: answer.count, clashes };
}

// The true candidates' state in words, under the overlay's buttons.
export function truthText() {
  const truth = app.ui.truth;
  if (app.ui.truthState === "working" || !truth) return "Counting the solutions that use each value…";
  if (truth.error) return "True candidates: " + truth.error;
  if (truth.clashes) return "The givens clash: no solution.";
  const n = truth.count;
  const many = truth.complete ? `${n.toLocaleString("en-US")} solutions` : `at least ${n.toLocaleString("en-US")} solutions`;
  const said = {
    "no-solution": "No solution: no value is a true candidate.",
    unique: "One solution: each cell shows its value.",
    "gave-up": `The time ran out: the values shown are those found so far (${many}).`,
  }[truth.status];
  if (said) return said;
  const unique = truth.cells.some((c) => c.some((t) => t.unique));
  const counts = truth.complete ? "" : " Some counts are “at least” (hover a value).";
  return `${many.charAt(0).toUpperCase() + many.slice(1)}.${unique ? " Green: a given of that value there leaves exactly one solution." : ""}${counts}`;
}

// ---- Drawing ----

const GREEN = "#2e7d32";
const RED = "#c62828";

// Draws the logic's placements and the candidates (the logic's or the true
// ones) over the board.
export function paintCandidates() {
  const { board, info, model, ui } = app;
  const n = info.cells.length;
  const k = info.symbols.length;
  const givenOrShown = (i) => model.givens[i] || (ui.solution && ui.solution[i]);
  const logic = ui.logic;
  const next = logic && logic.next;
  // Placements by logic, in green.
  if (logic && logic.values && logic.applied > 0) {
    for (let i = 0; i < n; i++) {
      if (!givenOrShown(i) && logic.values[i]) board.digit(i, logic.values[i], GREEN, "logic");
    }
  }
  // Candidates: the logic board's, or the true ones.
  const truth = ui.overlay === "true" && ui.truth ? ui.truth.cells : null;
  const cut = new Set(((next && next.eliminated) || []).map((e) => `${e.cell}|${e.symbol}`));
  const placedBy = next && next.placed ? `${next.placed.cell}|${next.placed.symbol}` : null;
  for (let i = 0; i < n; i++) {
    if (givenOrShown(i) || model.digits[i] || (logic && logic.applied > 0 && logic.values && logic.values[i])) continue;
    const name = info.cells[i].name;
    let texts = null;
    if (truth && truth[i]) {
      texts = truth[i].map((t) => ({
        index: info.symbols.indexOf(t.symbol),
        text: t.symbol,
        fill: t.unique ? GREEN : "#555",
        bold: t.unique,
        title: `${t.symbol}: ${t.complete ? "" : "at least "}${t.count} solution${t.count === 1 ? "" : "s"}${t.unique ? " (placing it leaves one)" : ""}`,
      }));
    } else if (logic && logic.candidates && (ui.overlay === "candidates" || next)) {
      const shown = ui.overlay === "candidates" || (next && next.affected && next.affected.includes(i));
      if (!shown) continue;
      texts = logic.candidates[i].map((symbol) => {
        const key = `${name}|${symbol}`;
        return {
          index: info.symbols.indexOf(symbol),
          text: symbol,
          fill: cut.has(key) ? RED : key === placedBy ? GREEN : "#777",
          bold: cut.has(key) || key === placedBy,
        };
      });
    }
    if (texts) board.marks(i, texts, { grid: true, of: k, cls: truth ? "true-candidate" : "candidate" });
  }
}

// Marks the rules the server cannot use yet (no number, or refused), the one
// picked and the one under the pointer in the list.
export function paintRules() {
  const { board, info, model, ui } = app;
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
}

// The rules on a shape whose picture the server draws without them (a pie,
// free cells): cages on their cells' own shapes with their totals, lines
// through the cells' centres (a thermometer's bulb, an arrow's circle), dots
// between two cells, circles on marked cells. A grid's rules are the
// server's picture.
export function paintRulesOffGrid() {
  const { board, info, model } = app;
  if (board.grid) return;
  const index = new Map(info.cells.map((c, i) => [c.name, i]));
  const at = (name) => index.get(name);
  const colour = "#6a6a6a";
  model.rules.forEach((rule) => {
    const [kind, spec] = M.kindOf(rule);
    if (!spec || !M.KINDS[kind]) return;
    const cells = M.ruleCells(rule).map(at).filter((i) => i !== undefined);
    if (!cells.length) return;
    if (["Killer", "Cage", "Sum"].includes(kind)) {
      board.outline(cells, colour, 1.2, true, 0.05);
      const total = spec.total;
      if (total !== null && total !== undefined) board.label(Math.min(...cells), String(total), "#333", "rule-drawn");
    } else if (["Difference", "Ratio", "X", "V", "GreaterThan"].includes(kind)) {
      board.spot(cells, kind === "Ratio" ? "#222" : colour);
    } else if (["Odd", "Even", "Minimum", "Maximum"].includes(kind)) {
      for (const i of cells) board.bulb(i, colour, false, "rule-drawn");
    } else if (M.KINDS[kind].outside) {
      return;
    } else {
      board.path(cells, colour, "rule-drawn", kind === "Thermometer" || kind === "SlowThermometer" ? 0.22 : 0.12);
      if (["Thermometer", "SlowThermometer"].includes(kind)) board.bulb(cells[0], colour, true, "rule-drawn");
      if (kind === "Arrow") for (const name of spec.circle) if (at(name) !== undefined) board.bulb(at(name), colour, false, "rule-drawn");
    }
  });
}

// The gesture under way: the cells dragged over, the line drawn, the place
// outside the grid.
export function paintGesture() {
  const { board, ui } = app;
  const drag = ui.drag;
  if (drag && drag.cells) {
    if (drag.gesture === "line") board.path(drag.cells, "#e08a00");
    else board.outline(drag.cells, "#e08a00", 2, true);
  } else if (drag && drag.gesture === "outside") {
    board.ring(drag.at.row, drag.at.col, "#e08a00");
  }
}

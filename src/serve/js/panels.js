// The page's panels: what they show of the puzzle (the tools, the modes, the
// whole-grid checkboxes, the list of rules drawn, the words) and the edits
// made in them.

import * as edit from "./edit.js";
import * as M from "./model.js";
import * as overlays from "./overlays.js";
import { TOOLS, offGrid, tool } from "./tools.js";

const $ = (id) => document.getElementById(id);

let app = null;

export function attach(application) {
  app = application;
}

// The controls that say what the puzzle and the page are doing.
export function controls() {
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
  // Tools that cannot apply to the shape are off (a dot or a clue outside needs
  // a grid's rows and columns; regions, the designer's grid).
  const rows = Boolean(info) && info.layout === "grid";
  for (const b of document.querySelectorAll("[data-tool]")) {
    const t = tool(b.dataset.tool);
    b.disabled = ["region", "house"].includes(t.id) ? !grid : !rows && !offGrid(t);
  }
  // The selection in words.
  let said = "";
  if (ui.rule !== null && model.rules[ui.rule]) {
    const rule = model.rules[ui.rule];
    const kind = M.KINDS[M.kindOf(rule)[0]];
    const number = kind && kind.pill ? "type 2 or 3 for a pill, " : kind && (kind.number || kind.digits) ? "type its number, " : "";
    said = `Rule: ${M.describe(rule)} (${number}Delete removes it).`;
  } else if (ui.selection.length === 1) {
    const i = ui.selection[0];
    const valueOf = (c) => (model.givens[c] ? ` = ${model.givens[c]}` : model.digits[c] ? ` (digit ${model.digits[c]})` : " (empty)");
    said = `Selected: ${info.cells[i].name}${valueOf(i)}`;
    // Typing moved on from a cell: what went in it, then where typing goes next.
    const moved = ui.advanced;
    if (moved && moved.to === i) said = `Typed: ${info.cells[moved.from].name}${valueOf(moved.from)}; next: ${info.cells[i].name}${valueOf(i)}`;
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
      app.edit(null, (m) => m.rules.splice(r, 1));
    };
    item.appendChild(remove);
    item.onclick = () => {
      app.ui.rule = r;
      app.paint();
      $("board").focus({ preventScroll: true });
    };
    // Hovering a rule in the list shows where it is.
    item.onmouseenter = () => {
      app.ui.hover = r;
      app.paint();
    };
    item.onmouseleave = () => {
      app.ui.hover = null;
      app.paint();
    };
    list.appendChild(item);
  });
  $("no-rules").hidden = model.rules.length > 0;
}

// The words fields show the model's.
export function syncFields() {
  $("title").value = app.model.title;
  $("author").value = app.model.author;
  $("rules-text").value = app.model.rulesText;
  const shape = app.model.shape;
  $("variant-select").value = shape.kind === "grid" ? `grid:${shape.size}` : shape.kind === "builtin" ? shape.name : "";
}



export function toolButtons() {
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
    const name = t.label.length > 1 ? t.label.toLowerCase() : t.label;
    const said = { line: `Drag to draw ${M.article(name)} line.`, edge: `Click the edge between two cells for ${M.article(name)}.`, mark: `Click cells to make them ${name} cells.`, cells: `Drag over cells for ${M.article(name)}.` };
    button.title = t.help || said[t.gesture] || t.label;
    button.onclick = () => pickTool(t.id);
    row.appendChild(button);
  }
}

export function pickTool(id) {
  const t = tool(id);
  // Cells selected first, then a cage's (or a region's) tool: the cells become one.
  const drawn = app.ui.tool === "select" && app.ui.selection.length > 0 && edit.drawSelection(t);
  app.ui.tool = id;
  app.ui.drag = null;
  if (drawn) {
    app.paint();
    return;
  }
  $("tool-help").textContent = `${t.label}: ${t.help || "drag from cell to neighbouring cell."} Ctrl-Z undoes.`;
  app.paint();
}

export function fieldEdits() {
  for (const [id, key] of [["title", "title"], ["author", "author"], ["rules-text", "rulesText"]]) {
    $(id).addEventListener("input", () => app.edit(key, (m) => (m[key] = $(id).value)));
    $(id).addEventListener("change", () => app.history.seal());
  }
  for (const box of document.querySelectorAll("#globals input")) {
    box.addEventListener("change", () => {
      const on = box.checked;
      if (box.dataset.flag) {
        app.edit(null, (m) => (m.shape[box.dataset.flag] = on));
      } else if (box.dataset.rule) {
        app.edit(null, (m) => {
          m.rules = m.rules.filter((r) => r !== box.dataset.rule);
          if (on) m.rules.push(box.dataset.rule);
        });
      } else {
        const mark = box.dataset.negative;
        app.edit(null, (m) => {
          m.rules = m.rules.filter((r) => !(M.kindOf(r)[0] === "Negative" && M.kindOf(r)[1] === mark));
          if (on) m.rules.push({ Negative: mark });
        });
      }
    });
  }
}

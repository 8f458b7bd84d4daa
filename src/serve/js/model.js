// The puzzle being set: its shape (a designer's grid, a built-in, or pasted
// RON), the rules drawn on it, the givens, a solver's own digits and pencil
// marks, and the words (title, author, rules text). Plain data, so that undo,
// autosave and share links are copies of it.
//
// The server owns every rule's meaning: the page writes the shape as RON and
// the rules as the RON schema's rules in JSON, and the server reads both
// through the same definitions as files.

export const VERSION = 1;

// The boxes f-puzzles gives a grid of `size` (rows, columns), or null.
export function boxesFor(size) {
  for (let h = Math.floor(Math.sqrt(size)); h > 1; h--) {
    if (size % h === 0) return [h, size / h];
  }
  return null;
}

// The symbols of a grid of `size` as f-puzzles has them: digits, then numbers.
export function symbolsFor(size) {
  return size <= 9 ? `Chars("${"123456789".slice(0, size)}")` : `Range(1, ${size})`;
}

export function gridShape(size) {
  return { kind: "grid", size, boxes: boxesFor(size), regions: null, houses: [], diagonals: false, antidiagonal: false, knight: false, king: false, disjoint: false };
}

export function newModel(shape) {
  return { v: VERSION, shape, rules: [], givens: [], digits: [], centre: [], corner: [], title: "", author: "", rulesText: "" };
}

// The arrays that follow the cells, sized to `n` cells (kept where they fit).
export function fit(model, n) {
  for (const key of ["givens", "digits"]) {
    const old = model[key] || [];
    model[key] = Array.from({ length: n }, (_, i) => old[i] ?? null);
  }
  for (const key of ["centre", "corner"]) {
    const old = model[key] || [];
    model[key] = Array.from({ length: n }, (_, i) => old[i] ?? "");
  }
  return model;
}

export function clone(model) {
  return JSON.parse(JSON.stringify(model));
}

const quote = (text) => JSON.stringify(text);

// The letter of region number `i` in a regions map.
export function letter(i) {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return letters[i % letters.length];
}

// A grid's regions map from its boxes.
export function boxMap(size, boxes) {
  const [h, w] = boxes || [1, size];
  const rows = [];
  for (let r = 0; r < size; r++) {
    let row = "";
    for (let c = 0; c < size; c++) row += letter(Math.floor(r / h) * (size / w) + Math.floor(c / w));
    rows.push(row);
  }
  return rows;
}

// How many cells each region of a map has, by letter.
export function regionSizes(map) {
  const sizes = new Map();
  for (const row of map) for (const ch of row) if (ch !== ".") sizes.set(ch, (sizes.get(ch) || 0) + 1);
  return sizes;
}

// Why a jigsaw map cannot be used yet (each region needs one cell per
// symbol), or null when it can.
export function regionProblem(shape) {
  if (!shape.regions) return null;
  const sizes = regionSizes(shape.regions);
  const wrong = [...sizes].filter(([, n]) => n !== shape.size);
  if (!wrong.length && sizes.size === shape.size) return null;
  const said = wrong.slice(0, 4).map(([ch, n]) => `${ch}: ${n} cells`).join(", ");
  return `regions need ${shape.size} cells each (${sizes.size} regions${said ? "; " + said : ""})`;
}

// The variant of a designer's grid, in RON.
export function gridRon(shape, name) {
  const n = shape.size;
  const houses = ["Rows", "Columns"];
  if (shape.regions) {
    // An unfinished jigsaw is drawn by the page and left out until it tiles.
    if (!regionProblem(shape)) houses.push(`Regions([\n            ${shape.regions.map(quote).join(",\n            ")},\n        ])`);
  } else if (shape.boxes) {
    houses.push(`Boxes(rows: ${shape.boxes[0]}, cols: ${shape.boxes[1]})`);
  }
  const diagonal = (up) => Array.from({ length: n }, (_, i) => `"r${up ? n - i : i + 1}c${i + 1}"`).join(", ");
  if (shape.diagonals && shape.antidiagonal) houses.push("Diagonals");
  else if (shape.diagonals) houses.push(`House(name: "diagonal \\\\", cells: [${diagonal(false)}])`);
  else if (shape.antidiagonal) houses.push(`House(name: "diagonal /", cells: [${diagonal(true)}])`);
  if (shape.disjoint && shape.boxes) {
    const [h, w] = shape.boxes;
    const rows = [];
    for (let r = 0; r < n; r++) {
      let row = "";
      for (let c = 0; c < n; c++) row += letter((r % h) * w + (c % w));
      rows.push(row);
    }
    houses.push(`Regions([\n            ${rows.map(quote).join(",\n            ")},\n        ])`);
  }
  for (const house of shape.houses) {
    houses.push(`House(name: ${quote(house.name)}, cells: [${house.cells.map(quote).join(", ")}])`);
  }
  const edges = [shape.knight && "Knight", shape.king && "King"].filter(Boolean);
  const lines = [
    "Variant(",
    `    name: ${quote(name)},`,
    `    symbols: ${symbolsFor(n)},`,
    `    cells: Grid(rows: ${n}, cols: ${n}),`,
    `    houses: [\n        ${houses.join(",\n        ")},\n    ],`,
  ];
  if (edges.length) lines.push(`    edges: [${edges.join(", ")}],`);
  lines.push(")");
  return lines.join("\n") + "\n";
}

// The name a grid's variant takes.
export function gridName(shape) {
  const n = shape.size;
  const kind = shape.regions ? "Jigsaw" : shape.boxes ? "Sudoku" : "Latin square";
  return `${kind} ${n}×${n}`;
}

// What the API is told of the shape: {variant: name} or {ron: text}.
export function source(model) {
  const shape = model.shape;
  if (shape.kind === "builtin") return { variant: shape.name };
  if (shape.kind === "ron") return { ron: shape.text };
  return { ron: gridRon(shape, gridName(shape)) };
}

// The rules as the API takes them: those drawn completely (a clue with its
// number, a quadruple with its digits); the others stay on the page.
export function sentRules(model) {
  return model.rules.filter(complete);
}

// A request for the API: the shape, givens, finished rules and the words.
export function request(model, extra) {
  const body = Object.assign({}, source(model), {
    givens: model.givens,
    rules: sentRules(model),
    title: model.title || null,
    author: model.author || null,
    rules_text: model.rulesText || null,
  });
  return Object.assign(body, extra || {});
}

// ---- Rules: what the page needs of each kind to draw and edit it ----

// kind -> {label, cells(spec) -> names, number?: field, needs?: true when the
// number is required, digits?: quadruple's list}.
export const KINDS = {
  Killer: { label: "killer cage", cells: (s) => s.cells, number: "total" },
  Cage: { label: "sum cage", cells: (s) => s.cells, number: "total", needs: true },
  Arrow: { label: "arrow", cells: (s) => [...s.circle, ...s.line], pill: true },
  Sum: { label: "sum", cells: (s) => s.cells },
  Thermometer: { label: "thermometer", cells: (s) => s },
  SlowThermometer: { label: "slow thermometer", cells: (s) => s },
  Difference: { label: "white dot", cells: (s) => s.cells, number: "value" },
  Ratio: { label: "black dot", cells: (s) => s.cells, number: "value" },
  X: { label: "X", cells: (s) => s },
  V: { label: "V", cells: (s) => s },
  Negative: { label: "negative constraint", cells: () => [] },
  Whispers: { label: "whispers line", cells: (s) => s.cells, number: "difference" },
  Renban: { label: "renban line", cells: (s) => s },
  NonConsecutive: { label: "non-consecutive", cells: () => [] },
  Odd: { label: "odd cell", cells: (s) => s },
  Even: { label: "even cell", cells: (s) => s },
  Relation: { label: "relation", cells: (s) => s.pairs.flat() },
  LittleKiller: { label: "little killer", cells: (s) => [s.from], number: "total", needs: true, outside: true },
  Sandwich: { label: "sandwich", cells: (s) => [s.from], number: "total", needs: true, outside: true },
  XSum: { label: "X-sum", cells: (s) => [s.from], number: "total", needs: true, outside: true },
  Skyscraper: { label: "skyscraper", cells: (s) => [s.from], number: "count", needs: true, outside: true },
  Between: { label: "between line", cells: (s) => s },
  Lockout: { label: "lockout line", cells: (s) => s.cells, number: "difference" },
  Quadruple: { label: "quadruple", cells: (s) => s.cells, digits: true },
  Minimum: { label: "minimum cell", cells: (s) => s },
  Maximum: { label: "maximum cell", cells: (s) => s },
  GreaterThan: { label: "greater-than sign", cells: (s) => s },
  RegionSum: { label: "region-sum line", cells: (s) => s },
  Palindrome: { label: "palindrome", cells: (s) => s },
  Clone: { label: "clone", cells: (s) => [...s[0], ...s[1]], pending: (s) => s[1].length === 0 },
  Zipper: { label: "zipper line", cells: (s) => s },
  DoubleArrow: { label: "double arrow", cells: (s) => s },
  Entropic: { label: "entropic line", cells: (s) => s },
  Modular: { label: "modular line", cells: (s) => s },
  Nabner: { label: "nabner line", cells: (s) => s },
};

// A rule's kind (its RON word) and its fields.
export function kindOf(rule) {
  if (typeof rule === "string") return [rule, null];
  const kind = Object.keys(rule)[0];
  return [kind, rule[kind]];
}

export function ruleCells(rule) {
  const [kind, spec] = kindOf(rule);
  const info = KINDS[kind];
  return info ? info.cells(spec) : [];
}

export function ruleNumber(rule) {
  const [kind, spec] = kindOf(rule);
  const info = KINDS[kind];
  if (!info) return null;
  if (info.digits) return spec.digits.join("");
  if (info.pill) return spec.circle.length;
  return info.number ? spec[info.number] : undefined;
}

export function setRuleNumber(rule, value) {
  const [kind, spec] = kindOf(rule);
  const info = KINDS[kind];
  if (info.digits) {
    spec.digits = value;
  } else if (info.pill) {
    // The arrow's circle: its first 1 to 3 cells (a pill reads as a number),
    // at least one cell left for the line.
    const cells = [...spec.circle, ...spec.line];
    const k = Math.max(1, Math.min(3, value || 1, cells.length - 1));
    spec.circle = cells.slice(0, k);
    spec.line = cells.slice(k);
  } else if (info.number) {
    spec[info.number] = value;
  }
}

// Whether a rule has all it needs to be sent.
export function complete(rule) {
  const [kind, spec] = kindOf(rule);
  const info = KINDS[kind];
  if (!info) return true;
  if (info.pending) return !info.pending(spec);
  if (info.digits) return spec.digits.length > 0;
  if (info.needs) return spec[info.number] !== null && spec[info.number] !== undefined;
  return true;
}

// A rule in words for the list: "killer cage 17: r1c1, r1c2".
export function describe(rule) {
  const [kind, spec] = kindOf(rule);
  const info = KINDS[kind] || { label: kind, cells: () => [] };
  if (kind === "Negative") return `negative constraint (${spec === "XV" ? "X and V" : spec === "Ratio" ? "black dots" : "white dots"})`;
  const number = info.pill ? null : ruleNumber(rule);
  const cells = info.cells(spec);
  if (info.pill && spec.circle.length > 1) return `arrow from a pill of ${spec.circle.length}: ${cells.join(", ")}`;
  const shown = cells.length > 6 ? cells.slice(0, 5).join(", ") + ", …" : cells.join(", ");
  const towards = spec && spec.towards ? ` ${spec.towards}` : "";
  const missing = info.pending ? " (its copy not drawn yet)" : " (no number yet)";
  const said = number === null || number === undefined || number === "" ? (complete(rule) ? "" : missing) : ` ${number}`;
  return `${info.label}${said}${cells.length ? ": " + shown : ""}${towards}`;
}

// "a" or "an" before `word`, as it is said: an arrow, an X, a V, a whispers line.
export function article(word) {
  const w = String(word).trim();
  const single = /^[A-Za-z](\b|[-\s]|$)/.test(w);
  const vowel = single ? /^[AEFHILMNORSX]/i.test(w) : /^[aeio]/i.test(w);
  return `${vowel ? "an" : "a"} ${w}`;
}

// Where a cell's pencil marks would sit under a rule's drawing: `top` for the
// cell that holds a cage's total (top left), `middle` for a circle or bulb
// in it (a thermometer's bulb, an arrow's circle, a line's end, a cell mark).
export function crowded(model, info) {
  const index = new Map(info.cells.map((c, i) => [c.name, i]));
  const at = (name) => index.get(name);
  const top = new Set(), middle = new Set();
  for (const rule of model.rules) {
    const [kind, spec] = kindOf(rule);
    if (!spec) continue;
    const cells = ruleCells(rule).map(at).filter((i) => i !== undefined);
    if (["Killer", "Cage", "Sum"].includes(kind) && cells.length) top.add(Math.min(...cells));
    const circled = {
      Thermometer: () => [spec[0]], SlowThermometer: () => [spec[0]], Arrow: () => spec.circle,
      Between: () => [spec[0], spec[spec.length - 1]], Lockout: () => [spec.cells[0], spec.cells[spec.cells.length - 1]],
      DoubleArrow: () => [spec[0], spec[spec.length - 1]], Odd: () => spec, Even: () => spec, Minimum: () => spec, Maximum: () => spec,
    }[kind];
    if (circled) for (const name of circled()) if (at(name) !== undefined) middle.add(at(name));
  }
  return { top, middle };
}

// Whether two rules are the same kind on the same cells.
export function sameCells(a, b) {
  const [ka] = kindOf(a), [kb] = kindOf(b);
  if (ka !== kb) return false;
  const ca = ruleCells(a), cb = ruleCells(b);
  return ca.length === cb.length && ca.every((c, i) => c === cb[i]);
}

// The share link's payload: the puzzle without a solver's progress.
export function shareable(model) {
  const { v, shape, rules, givens, title, author, rulesText } = model;
  return { v, shape, rules, givens, title, author, rulesText };
}

// A model from anything that claims to be one (storage, a link): checked
// field by field, so a bad link gives an error, not a broken page.
export function revive(data) {
  if (!data || typeof data !== "object" || data.v !== VERSION) throw new Error("not a graphdoku puzzle (or from another version)");
  const shape = data.shape;
  const okShape =
    shape && ((shape.kind === "grid" && Number.isInteger(shape.size) && shape.size >= 1 && shape.size <= 64) ||
      (shape.kind === "builtin" && typeof shape.name === "string") ||
      (shape.kind === "ron" && typeof shape.text === "string"));
  if (!okShape) throw new Error("the puzzle's shape is not readable");
  if (shape.kind === "grid") {
    const grid = gridShape(shape.size);
    for (const key of Object.keys(grid)) if (shape[key] !== undefined) grid[key] = shape[key];
    if (!Array.isArray(grid.houses)) grid.houses = [];
    data.shape = grid;
  }
  const model = newModel(data.shape);
  model.rules = Array.isArray(data.rules) ? data.rules.filter((r) => typeof r === "string" || (r && typeof r === "object" && KINDS[Object.keys(r)[0]])) : [];
  for (const key of ["givens", "digits", "centre", "corner"]) if (Array.isArray(data[key])) model[key] = data[key].map((x) => (x === undefined ? null : x));
  for (const key of ["title", "author", "rulesText"]) if (typeof data[key] === "string") model[key] = data[key];
  return model;
}

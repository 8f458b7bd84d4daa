// The drawing tools: for each, the gesture that draws it (a set of cells, a
// line through neighbouring cells, a cell edge, a corner, a place outside the
// grid, a cell mark) and the rule (in the RON schema's JSON) it makes. Only
// what drawing needs: the server says what each rule means.

// gesture: "cells" (drag over cells), "line" (drag from cell to neighbouring
// cell), "edge" (click between two cells), "corner" (click where four meet),
// "mark" (click cells), "outside" (click beside the grid; `diagonal` clues
// point along a diagonal), "clone" (two drags), "region"/"house" (shape).
export const TOOLS = [
  { id: "select", label: "Select", group: "Cells", gesture: "select", key: "Escape", help: "Drag, Shift- or Ctrl-click to select cells; type to fill them." },
  { id: "killer", label: "Killer cage", group: "Cages", gesture: "cells", kind: "Killer", make: (cells) => ({ Killer: { cells, total: null } }), help: "Drag over the cage's cells (or select them first, then pick this tool), then type its total (optional)." },
  { id: "cage", label: "Sum cage", group: "Cages", gesture: "cells", kind: "Cage", make: (cells) => ({ Cage: { cells, total: null } }), help: "A cage whose digits may repeat: drag over its cells, then type the total." },
  { id: "thermo", label: "Thermometer", group: "Lines", gesture: "line", kind: "Thermometer", make: (cells) => ({ Thermometer: cells }), help: "Drag from the bulb along the thermometer." },
  { id: "slow-thermo", label: "Slow thermo", group: "Lines", gesture: "line", kind: "SlowThermometer", make: (cells) => ({ SlowThermometer: cells }), help: "Drag from the bulb: digits increase or stay the same." },
  { id: "arrow", label: "Arrow", group: "Lines", gesture: "line", kind: "Arrow", make: (cells) => ({ Arrow: { circle: cells.slice(0, 1), line: cells.slice(1) } }), help: "Drag from the circle along the arrow; type 2 or 3 for a pill of that many cells." },
  { id: "whispers", label: "Whispers", group: "Lines", gesture: "line", kind: "Whispers", make: (cells) => ({ Whispers: { cells, difference: null } }), help: "Drag along the line; type a difference other than 5 if you want one." },
  { id: "renban", label: "Renban", group: "Lines", gesture: "line", kind: "Renban", make: (cells) => ({ Renban: cells }) },
  { id: "between", label: "Between", group: "Lines", gesture: "line", kind: "Between", make: (cells) => ({ Between: cells }), help: "Drag from one circle to the other." },
  { id: "lockout", label: "Lockout", group: "Lines", gesture: "line", kind: "Lockout", make: (cells) => ({ Lockout: { cells, difference: null } }), help: "Drag from one diamond to the other; type a difference other than 4 if you want one." },
  { id: "palindrome", label: "Palindrome", group: "Lines", gesture: "line", kind: "Palindrome", make: (cells) => ({ Palindrome: cells }) },
  { id: "region-sum", label: "Region sum", group: "Lines", gesture: "line", kind: "RegionSum", make: (cells) => ({ RegionSum: cells }) },
  { id: "zipper", label: "Zipper", group: "Lines", gesture: "line", kind: "Zipper", make: (cells) => ({ Zipper: cells }) },
  { id: "double-arrow", label: "Double arrow", group: "Lines", gesture: "line", kind: "DoubleArrow", make: (cells) => ({ DoubleArrow: cells }) },
  { id: "entropic", label: "Entropic", group: "Lines", gesture: "line", kind: "Entropic", make: (cells) => ({ Entropic: cells }) },
  { id: "modular", label: "Modular", group: "Lines", gesture: "line", kind: "Modular", make: (cells) => ({ Modular: cells }) },
  { id: "nabner", label: "Nabner", group: "Lines", gesture: "line", kind: "Nabner", make: (cells) => ({ Nabner: cells }) },
  { id: "white-dot", label: "White dot", group: "Between two cells", gesture: "edge", kind: "Difference", make: ([a, b]) => ({ Difference: { cells: [a, b], value: null } }), help: "Click the edge between two cells; type a difference other than 1 if you want one." },
  { id: "black-dot", label: "Black dot", group: "Between two cells", gesture: "edge", kind: "Ratio", make: ([a, b]) => ({ Ratio: { cells: [a, b], value: null } }), help: "Click the edge between two cells; type a ratio other than 2 if you want one." },
  { id: "x", label: "X", group: "Between two cells", gesture: "edge", kind: "X", make: ([a, b]) => ({ X: [a, b] }) },
  { id: "v", label: "V", group: "Between two cells", gesture: "edge", kind: "V", make: ([a, b]) => ({ V: [a, b] }) },
  { id: "greater", label: "Greater than", group: "Between two cells", gesture: "edge", kind: "GreaterThan", make: ([a, b]) => ({ GreaterThan: [a, b] }), help: "Click the edge: the cell you clicked in is the greater; click again to turn it, a third time to remove it." },
  { id: "odd", label: "Odd", group: "Cell marks", gesture: "mark", kind: "Odd", make: (c) => ({ Odd: [c] }) },
  { id: "even", label: "Even", group: "Cell marks", gesture: "mark", kind: "Even", make: (c) => ({ Even: [c] }) },
  { id: "minimum", label: "Minimum", group: "Cell marks", gesture: "mark", kind: "Minimum", make: (c) => ({ Minimum: [c] }) },
  { id: "maximum", label: "Maximum", group: "Cell marks", gesture: "mark", kind: "Maximum", make: (c) => ({ Maximum: [c] }) },
  { id: "quadruple", label: "Quadruple", group: "Cell marks", gesture: "corner", kind: "Quadruple", make: (cells) => ({ Quadruple: { cells, digits: [] } }), help: "Click where four cells meet, then type up to four digits." },
  { id: "clone", label: "Clone", group: "Cell marks", gesture: "clone", kind: "Clone", make: (cells) => ({ Clone: [cells, []] }), help: "Drag over the first cells, then over as many cells that copy them." },
  { id: "little-killer", label: "Little killer", group: "Outside the grid", gesture: "outside", diagonal: true, kind: "LittleKiller", make: (from, towards) => ({ LittleKiller: { from, towards, total: null } }), help: "Click beside the grid (or drag from there into the diagonal), then type the total." },
  { id: "sandwich", label: "Sandwich", group: "Outside the grid", gesture: "outside", kind: "Sandwich", make: (from, towards) => ({ Sandwich: { from, towards, total: null } }), help: "Click beside a row or column, then type the sum." },
  { id: "x-sum", label: "X-sum", group: "Outside the grid", gesture: "outside", kind: "XSum", make: (from, towards) => ({ XSum: { from, towards, total: null } }), help: "Click beside a row or column, then type the sum." },
  { id: "skyscraper", label: "Skyscraper", group: "Outside the grid", gesture: "outside", kind: "Skyscraper", make: (from, towards) => ({ Skyscraper: { from, towards, count: null } }), help: "Click beside a row or column, then type how many are seen." },
  { id: "region", label: "Region", group: "Shape", gesture: "region", help: "Drag over cells to make them a region of a jigsaw (the rest keep theirs)." },
  { id: "house", label: "Extra region", group: "Shape", gesture: "house", help: "Drag over cells that must all differ (an extra region)." },
];

// Whether tool `t` can draw on a shape without rows and columns (a pie, free
// cells): a dot, sign or corner sits between grid neighbours, a minimum or
// maximum compares its grid neighbours, a clue sits beside a row or column,
// and regions are drawn on a grid.
export function offGrid(t) {
  return !["edge", "corner", "outside", "region", "house"].includes(t.gesture) && !["Minimum", "Maximum"].includes(t.kind);
}

export function tool(id) {
  return TOOLS.find((t) => t.id === id) || TOOLS[0];
}

// Whether cells `a` and `b` (grid positions) are a king's move apart.
export function touching(a, b) {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1;
}

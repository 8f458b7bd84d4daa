// The board: the server's picture of the puzzle (every rule drawn by the
// server's SVG writer), its geometry (where each cell is, which edge, corner
// or outside place a pointer is at), and the page's own layer over it:
// selections, a solver's digits and pencil marks, candidates, the rule being
// drawn.

const NS = "http://www.w3.org/2000/svg";

// A direction's word in RON, by (rows, columns) step.
export const DIRECTIONS = {
  "-1,0": "Up", "1,0": "Down", "0,-1": "Left", "0,1": "Right",
  "-1,-1": "UpLeft", "-1,1": "UpRight", "1,-1": "DownLeft", "1,1": "DownRight",
};

export function stepOf(word) {
  const key = Object.keys(DIRECTIONS).find((k) => DIRECTIONS[k] === word);
  return key ? key.split(",").map(Number) : [0, 0];
}

export class Board {
  constructor(element) {
    this.element = element;
    this.svg = null;
    this.cells = [];
    this.info = null;
  }

  // Shows the server's picture `text` of the variant `info`.
  show(text, info) {
    this.element.innerHTML = text;
    this.svg = this.element.querySelector("svg");
    this.info = info;
    this.shapes = new Map();
    for (const shape of this.svg.querySelectorAll("[data-cell]")) this.shapes.set(Number(shape.dataset.cell), shape);
    this.measure();
    this.layer = document.createElementNS(NS, "g");
    this.layer.setAttribute("id", "overlay");
    this.layer.setAttribute("pointer-events", "none");
    this.svg.appendChild(this.layer);
  }

  // Each cell's box and centre in the picture's own units; a grid's rows and
  // columns; room around a grid for clues outside it.
  measure() {
    const root = this.svg.getScreenCTM();
    const toRoot = root ? root.inverse() : null;
    this.cells = this.info.cells.map((cell, i) => {
      const shape = this.shapes.get(i);
      if (!shape || !toRoot) return null;
      const box = shape.getBBox();
      const m = toRoot.multiply(shape.getScreenCTM());
      const corner = (x, y) => {
        const p = this.svg.createSVGPoint();
        p.x = x;
        p.y = y;
        return p.matrixTransform(m);
      };
      const a = corner(box.x, box.y), b = corner(box.x + box.width, box.y + box.height);
      let [cx, cy] = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      if (shape.tagName !== "rect" && shape.getTotalLength) {
        // A wedge's middle is not its box's: average points around its outline.
        const length = shape.getTotalLength();
        let sx = 0, sy = 0;
        for (let k = 0; k < 24; k++) {
          const q = shape.getPointAtLength((length * k) / 24);
          const r = corner(q.x, q.y);
          sx += r.x;
          sy += r.y;
        }
        [cx, cy] = [sx / 24, sy / 24];
      }
      return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y), cx, cy };
    });
    const sizes = this.cells.filter(Boolean).map((c) => Math.min(c.w, c.h)).sort((p, q) => p - q);
    this.unit = sizes.length ? sizes[Math.floor(sizes.length / 2)] : 40;
    this.grid = this.info.layout === "grid";
    this.at = new Map();
    if (this.grid) {
      let rows = 0, cols = 0;
      this.info.cells.forEach((cell, i) => {
        const [r, c] = cell.at;
        this.at.set(`${r},${c}`, i);
        rows = Math.max(rows, r + 1);
        cols = Math.max(cols, c + 1);
      });
      this.rows = rows;
      this.cols = cols;
      const first = this.info.cells.findIndex((_, i) => this.cells[i]);
      if (first >= 0) {
        const [r, c] = this.info.cells[first].at;
        this.x0 = this.cells[first].x - c * this.unit;
        this.y0 = this.cells[first].y - r * this.unit;
      }
      // Room for a clue outside on every side, where the picture has none.
      const box = this.svg.viewBox.baseVal;
      const want = [this.x0 - this.unit, this.y0 - this.unit, this.x0 + (cols + 1) * this.unit, this.y0 + (rows + 1) * this.unit];
      const x1 = Math.min(box.x, want[0]), y1 = Math.min(box.y, want[1]);
      const x2 = Math.max(box.x + box.width, want[2]), y2 = Math.max(box.y + box.height, want[3]);
      if (x1 < box.x || y1 < box.y || x2 > box.x + box.width || y2 > box.y + box.height) {
        this.svg.setAttribute("viewBox", `${x1} ${y1} ${x2 - x1} ${y2 - y1}`);
        this.svg.setAttribute("width", (x2 - x1).toFixed(0));
        this.svg.setAttribute("height", (y2 - y1).toFixed(0));
      }
    }
  }

  // The picture's point under a pointer event.
  point(event) {
    const p = this.svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    return p.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  // The cell at `p`: within its box, or (`inner`) near its centre, as a line
  // is drawn (cutting a corner does not pick up the cell beside it).
  cellAt(p, inner) {
    if (this.grid) {
      const c = Math.floor((p.x - this.x0) / this.unit), r = Math.floor((p.y - this.y0) / this.unit);
      const i = this.at.get(`${r},${c}`);
      if (i === undefined) return -1;
      if (inner) {
        const cell = this.cells[i];
        if (Math.hypot(p.x - cell.cx, p.y - cell.cy) > this.unit * 0.42) return -1;
      }
      return i;
    }
    let best = -1, distance = Infinity;
    this.cells.forEach((cell, i) => {
      if (!cell) return;
      const d = Math.hypot(p.x - cell.cx, p.y - cell.cy);
      if (d < distance) [best, distance] = [i, d];
    });
    const reach = inner ? 0.42 : 0.7;
    return best >= 0 && distance < this.unit * reach ? best : -1;
  }

  // The grid position (row, column, fractions within) of `p`.
  position(p) {
    const x = (p.x - this.x0) / this.unit, y = (p.y - this.y0) / this.unit;
    return { row: Math.floor(y), col: Math.floor(x), fy: y - Math.floor(y), fx: x - Math.floor(x), x, y };
  }

  cellAtPosition(row, col) {
    const i = this.at.get(`${row},${col}`);
    return i === undefined ? -1 : i;
  }

  // The two cells of the grid edge nearest `p` (a dot's place), or null.
  edgeAt(p) {
    if (!this.grid) return null;
    const { row, col, fx, fy } = this.position(p);
    const a = this.cellAtPosition(row, col);
    if (a < 0) return null;
    const sides = [[fy, -1, 0], [1 - fy, 1, 0], [fx, 0, -1], [1 - fx, 0, 1]].sort((s, t) => s[0] - t[0]);
    for (const [, dr, dc] of sides.slice(0, 1)) {
      const b = this.cellAtPosition(row + dr, col + dc);
      if (b >= 0) return [a, b];
    }
    return null;
  }

  // The four cells around the grid corner nearest `p` (a quadruple's place).
  cornerAt(p) {
    if (!this.grid) return null;
    const { x, y } = this.position(p);
    const r = Math.round(y), c = Math.round(x);
    const cells = [[r - 1, c - 1], [r - 1, c], [r, c - 1], [r, c]].map(([a, b]) => this.cellAtPosition(a, b));
    return cells.every((i) => i >= 0) ? cells : null;
  }

  // The place just outside the grid at `p` (row or column -1 or past the
  // last), or null when `p` is on a cell or farther out.
  outsideAt(p) {
    if (!this.grid) return null;
    const { row, col } = this.position(p);
    if (row < -1 || col < -1 || row > this.rows || col > this.cols) return null;
    if (this.cellAtPosition(row, col) >= 0) return null;
    // Beside a cell of the grid (a straight or diagonal step into it).
    for (const key of Object.keys(DIRECTIONS)) {
      const [dr, dc] = key.split(",").map(Number);
      if (this.cellAtPosition(row + dr, col + dc) >= 0) return { row, col };
    }
    return null;
  }

  // The centre of a grid position, a cell's or an outside place's.
  centreOf(row, col) {
    return [this.x0 + (col + 0.5) * this.unit, this.y0 + (row + 0.5) * this.unit];
  }

  centre(i) {
    const cell = this.cells[i];
    return cell ? [cell.cx, cell.cy] : [0, 0];
  }

  // Marks cells with classes (selected, differ, clash, hinted, redundant…).
  classes(byCell) {
    for (const [i, shape] of this.shapes) {
      shape.setAttribute("class", byCell.get(i) || "");
    }
  }

  clear() {
    if (this.layer) this.layer.replaceChildren();
  }

  // Draws an SVG element on the page's layer.
  add(name, attributes, text) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    this.layer.appendChild(node);
    return node;
  }

  // Small texts in a cell: pencil marks or candidates, laid out as a keypad
  // (centre) or along the edges (corner).
  marks(i, texts, options) {
    const cell = this.cells[i];
    if (!cell || !texts.length) return;
    const unit = Math.min(cell.w, cell.h);
    const how = options || {};
    if (how.corner) {
      let spots = [[0.2, 0.24], [0.8, 0.24], [0.2, 0.86], [0.8, 0.86], [0.5, 0.24], [0.5, 0.86], [0.2, 0.55], [0.8, 0.55], [0.5, 0.55]];
      // A cage's total sits top left: the marks keep clear of it.
      if (how.top) spots = spots.filter(([x, y]) => !(x < 0.3 && y < 0.3)).map(([x, y]) => [x, y < 0.3 ? y + 0.06 : y]);
      // A circle or bulb in the middle: the marks keep to the edges.
      if (how.middle) spots = spots.filter(([x, y]) => !(x === 0.5 && y === 0.55));
      texts.slice(0, spots.length).forEach((t, k) => {
        const [fx, fy] = spots[k];
        this.add("text", { x: cell.x + fx * cell.w, y: cell.y + fy * cell.h, "font-size": unit * 0.24, "text-anchor": "middle", fill: how.fill || "#1d4f91", class: how.cls || "corner" }, t.text ?? t);
      });
      return;
    }
    if (how.grid) {
      // One place per symbol, as a keypad: 3 per row for up to 9 symbols.
      const side = Math.ceil(Math.sqrt(how.of));
      const size = (unit * 0.8) / side;
      for (const t of texts) {
        const k = t.index;
        const [gx, gy] = [k % side, Math.floor(k / side)];
        const node = this.add("text", {
          x: cell.cx + (gx - (side - 1) / 2) * size,
          y: cell.cy + (gy - (side - 1) / 2) * size + size * 0.32,
          "font-size": size * 0.82,
          "text-anchor": "middle",
          fill: t.fill || "#666",
          "font-weight": t.bold ? "bold" : "normal",
          class: how.cls || "candidate",
          "data-at": i,
          "data-symbol": t.text,
        }, t.text);
        if (t.title) {
          const title = document.createElementNS(NS, "title");
          title.textContent = t.title;
          node.appendChild(title);
        }
      }
      return;
    }
    const text = texts.join("");
    let size = Math.min(unit * 0.3, (unit * 0.9) / (0.6 * Math.max(1, text.length)));
    // Over a circle or bulb the marks go below it, smaller; under a cage's
    // total, a little lower.
    let y = cell.cy + size * 0.35;
    if (how.middle) {
      size *= 0.8;
      y = cell.y + cell.h * 0.9;
    } else if (how.top) {
      y += unit * 0.06;
    }
    this.add("text", { x: cell.cx, y, "font-size": size, "text-anchor": "middle", fill: how.fill || "#1d4f91", class: how.cls || "centre" }, text);
  }

  // A digit in a cell, as the picture draws its values.
  digit(i, text, fill, cls) {
    const cell = this.cells[i];
    if (!cell) return;
    const unit = Math.min(cell.w, cell.h);
    const size = Math.min(unit * 0.62, (unit * 0.85) / (0.64 * text.length));
    this.add("text", { x: cell.cx, y: cell.cy + size * 0.36, "font-size": size, "text-anchor": "middle", fill, class: cls || "digit" }, text);
  }

  // A copy of cell `i`'s own shape (a pie's wedge) on the layer, placed where
  // the cell is, or null for a square cell (its box is its shape).
  shapeOf(i, attributes) {
    const shape = this.shapes.get(i);
    if (!shape || shape.tagName === "rect" || !this.svg.getScreenCTM()) return null;
    const m = this.svg.getScreenCTM().inverse().multiply(shape.getScreenCTM());
    const copy = shape.cloneNode(false);
    copy.removeAttribute("data-cell");
    copy.removeAttribute("class");
    copy.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
    for (const [key, value] of Object.entries(attributes)) copy.setAttribute(key, value);
    this.layer.appendChild(copy);
    return copy;
  }

  // An outline around a set of cells (a rule picked, a cage being drawn),
  // on each cell's own shape.
  outline(cells, colour, width, dashed, fill) {
    for (const i of cells) {
      const cell = this.cells[i];
      if (!cell) continue;
      const look = { fill: colour, "fill-opacity": fill ?? 0.22, stroke: colour, "stroke-width": width, "stroke-dasharray": dashed ? "4 3" : "none" };
      if (this.shapeOf(i, look)) continue;
      const inset = 2;
      this.add("rect", {
        x: cell.x + inset, y: cell.y + inset, width: cell.w - 2 * inset, height: cell.h - 2 * inset,
        fill: colour, "fill-opacity": fill ?? 0.22, stroke: colour, "stroke-width": width, "stroke-dasharray": dashed ? "4 3" : "none",
      });
    }
  }

  // A line through cell centres (a line rule being drawn, or drawn on a
  // shape the server's picture has no rules on).
  path(cells, colour, cls, width) {
    if (!cells.length) return;
    const points = cells.map((i) => this.centre(i).map((v) => v.toFixed(1)).join(",")).join(" ");
    const extra = cls ? { class: cls } : {};
    if (cells.length === 1) {
      const [x, y] = this.centre(cells[0]);
      this.add("circle", { cx: x, cy: y, r: this.unit * 0.2, fill: colour, "fill-opacity": 0.6, ...extra });
    } else {
      this.add("polyline", { points, fill: "none", stroke: colour, "stroke-width": this.unit * (width || 0.18), "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-opacity": 0.55, ...extra });
    }
  }

  // A circle at a cell's centre (a bulb, an arrow's circle, an odd cell).
  bulb(i, colour, filled, cls) {
    const [x, y] = this.centre(i);
    this.add("circle", { cx: x, cy: y, r: this.unit * 0.3, fill: filled ? colour : "none", "fill-opacity": filled ? 0.55 : 1, stroke: colour, "stroke-width": 2, class: cls || "" });
  }

  // A small text at a cell's top left (a cage's total).
  label(i, text, colour, cls) {
    const cell = this.cells[i];
    if (!cell) return;
    this.add("text", { x: cell.cx - this.unit * 0.32, y: cell.cy - this.unit * 0.2, "font-size": this.unit * 0.22, fill: colour, class: cls || "" }, text);
  }

  // A ring at a grid position (an outside clue picked or being placed).
  ring(row, col, colour) {
    const [x, y] = this.centreOf(row, col);
    this.add("circle", { cx: x, cy: y, r: this.unit * 0.36, fill: "none", stroke: colour, "stroke-width": 2.5 });
  }

  // A mark on a grid edge or corner, between cells' centres.
  spot(cells, colour) {
    const points = cells.map((i) => this.centre(i));
    const x = points.reduce((s, p) => s + p[0], 0) / points.length;
    const y = points.reduce((s, p) => s + p[1], 0) / points.length;
    this.add("circle", { cx: x, cy: y, r: this.unit * 0.2, fill: "none", stroke: colour, "stroke-width": 2.5 });
  }

  // Thick borders between cells of different regions (a jigsaw being drawn,
  // before the server can draw it).
  regions(map) {
    if (!this.grid) return;
    let d = "";
    const u = this.unit;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const me = map[r] && map[r][c];
        const x = this.x0 + c * u, y = this.y0 + r * u;
        if (c + 1 < this.cols && map[r][c + 1] !== me) d += `M${x + u} ${y}L${x + u} ${y + u}`;
        if (r + 1 < this.rows && map[r + 1][c] !== me) d += `M${x} ${y + u}L${x + u} ${y + u}`;
      }
    }
    this.add("path", { d, stroke: "#222", "stroke-width": 3, fill: "none", "stroke-linecap": "square" });
  }
}

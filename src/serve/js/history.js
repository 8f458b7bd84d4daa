// Undo and redo: every edit keeps a copy of the puzzle as it was.
//
// Edits of one thing in a row (the digits of one cage's total, typed one
// after another) share one step, so that undo takes back the whole number.

const MOST = 500;

export class History {
  constructor() {
    this.past = [];
    this.future = [];
    this.lastKey = null;
  }

  // Records `before` (a copy of the puzzle before an edit). `key` names what
  // is edited: an edit with the same key as the last joins its step.
  record(before, key) {
    this.future = [];
    if (key && key === this.lastKey && this.past.length) return;
    this.past.push(before);
    if (this.past.length > MOST) this.past.shift();
    this.lastKey = key || null;
  }

  // Ends the current step: the next edit starts a new one.
  seal() {
    this.lastKey = null;
  }

  canUndo() {
    return this.past.length > 0;
  }

  canRedo() {
    return this.future.length > 0;
  }

  // The puzzle before the last edit, given the current one; null if none.
  undo(current) {
    if (!this.past.length) return null;
    this.future.push(current);
    this.lastKey = null;
    return this.past.pop();
  }

  redo(current) {
    if (!this.future.length) return null;
    this.past.push(current);
    this.lastKey = null;
    return this.future.pop();
  }

  clear() {
    this.past = [];
    this.future = [];
    this.lastKey = null;
  }
}

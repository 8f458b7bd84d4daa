// The puzzle kept in the browser (saved after every edit, back on the next
// visit) and the share link that holds the whole puzzle in its fragment
// (`#p=…`, lz-string packed JSON: nothing of it goes to any server).

import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "./lz.js";
import { revive, shareable } from "./model.js";

const KEY = "graphdoku.puzzle";
const PREFIX = "#p=";

let pending = null;

// Saves `model` soon (edits in a burst are saved once).
export function save(model) {
  clearTimeout(pending);
  const text = JSON.stringify(model);
  pending = setTimeout(() => {
    try {
      localStorage.setItem(KEY, text);
    } catch (e) {
      // Storage full or off: the share link still holds the puzzle.
    }
  }, 200);
}

// The puzzle saved last time, or null.
export function restore() {
  try {
    const text = localStorage.getItem(KEY);
    return text ? revive(JSON.parse(text)) : null;
  } catch (e) {
    return null;
  }
}

// Keeps `model` as the saved puzzle at once.
export function keep(model) {
  clearTimeout(pending);
  try {
    localStorage.setItem(KEY, JSON.stringify(model));
  } catch (e) {
    // as in save
  }
}

// The fragment of a share link for `model`.
export function fragment(model) {
  return PREFIX + compressToEncodedURIComponent(JSON.stringify(shareable(model)));
}

// This page's address with `model` in its fragment (never the token).
export function shareLink(model) {
  return location.origin + location.pathname + fragment(model);
}

// The puzzle in a share link or its fragment; null when `text` is not one,
// an Error when it is one that does not read.
export function fromLink(text) {
  const at = text.indexOf(PREFIX);
  if (at < 0) return null;
  let packed = text.slice(at + PREFIX.length).trim();
  try {
    // A link that went through a chat may come back percent-encoded.
    packed = decodeURIComponent(packed);
  } catch (e) {
    // as it is
  }
  const json = decompressFromEncodedURIComponent(packed);
  if (!json) return new Error("the share link is cut short or damaged");
  try {
    return revive(JSON.parse(json));
  } catch (e) {
    return new Error("the share link does not hold a puzzle: " + e.message);
  }
}

// lz-string's format (pieroxy/lz-string, MIT licence), written afresh: what
// f-puzzles and SudokuPad put in their links, and what the share link holds.
// The server reads the same format with the `lz-str` crate; the browser tests
// check each side decodes the other's.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
const URI = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";

// Longest text a link may unpack to (as the server's reader bounds it): a
// hostile link cannot make the page run out of memory.
const MOST = 4 << 20;

// LZW over UTF-16 code units, written `bits` bits to an output character.
function compress(text, bits, alphabet) {
  const out = [];
  let value = 0, position = 0;
  const write = (n, width) => {
    for (let i = 0; i < width; i++) {
      value = (value << 1) | (n & 1);
      if (position === bits - 1) {
        out.push(alphabet[value]);
        position = 0;
        value = 0;
      } else {
        position++;
      }
      n >>= 1;
    }
  };
  const dictionary = new Map();
  const fresh = new Set(); // single characters not yet written out
  let size = 3, width = 2, enlarge = 2;
  const grow = () => {
    if (--enlarge === 0) {
      enlarge = 2 ** width;
      width++;
    }
  };
  const emit = (w) => {
    if (fresh.has(w)) {
      const code = w.charCodeAt(0);
      if (code < 256) {
        write(0, width);
        write(code, 8);
      } else {
        write(1, width);
        write(code, 16);
      }
      grow();
      fresh.delete(w);
    } else {
      write(dictionary.get(w), width);
    }
    grow();
  };
  let w = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (!dictionary.has(c)) {
      dictionary.set(c, size++);
      fresh.add(c);
    }
    const wc = w + c;
    if (dictionary.has(wc)) {
      w = wc;
    } else {
      emit(w);
      dictionary.set(wc, size++);
      w = c;
    }
  }
  if (w !== "") emit(w);
  write(2, width);
  // Flush the last character.
  for (;;) {
    value <<= 1;
    if (position === bits - 1) {
      out.push(alphabet[value]);
      break;
    }
    position++;
  }
  return out.join("");
}

// The text of `length` characters read by `next(index)` (each holding
// log2(reset)+1 bits), or null when they are not lz-string's.
function decompress(length, reset, next) {
  const dictionary = [0, 1, 2];
  let enlarge = 4, size = 4, width = 3, total = 0;
  let val = next(0), position = reset, index = 1;
  const read = (n) => {
    let bits = 0;
    for (let power = 1; power !== 1 << n; power <<= 1) {
      const bit = val & position;
      position >>= 1;
      if (position === 0) {
        position = reset;
        val = next(index++);
      }
      if (bit) bits |= power;
    }
    return bits;
  };
  const letter = (kind) => (kind === 0 ? String.fromCharCode(read(8)) : kind === 1 ? String.fromCharCode(read(16)) : null);
  const first = read(2);
  if (first === 2) return "";
  let w = letter(first);
  if (w === null) return null;
  dictionary[3] = w;
  const result = [w];
  total = 1;
  for (;;) {
    if (index > length) return null;
    let c = read(width);
    if (c === 2) return result.join("");
    if (c === 0 || c === 1) {
      dictionary[size] = letter(c);
      c = size++;
      if (--enlarge === 0) {
        enlarge = 2 ** width;
        width++;
      }
    }
    let entry;
    if (c < size && dictionary[c] !== undefined) entry = dictionary[c];
    else if (c === size) entry = w + w[0];
    else return null;
    total += entry.length;
    if (total > MOST) return null;
    result.push(entry);
    dictionary[size++] = w + entry[0];
    w = entry;
    if (--enlarge === 0) {
      enlarge = 2 ** width;
      width++;
    }
  }
}

function reader(text, alphabet) {
  const table = new Map([...alphabet].map((c, i) => [c, i]));
  return (i) => table.get(text[i]) ?? 0;
}

export function compressToBase64(text) {
  const packed = compress(text, 6, BASE64);
  return packed + "===".slice(0, (4 - (packed.length % 4)) % 4);
}

export function decompressFromBase64(text) {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, "");
  return clean ? decompress(clean.length, 32, reader(clean, BASE64)) : null;
}

export function compressToEncodedURIComponent(text) {
  return compress(text, 6, URI);
}

export function decompressFromEncodedURIComponent(text) {
  // A "+" that went through a form or a chat may come back as a space.
  const clean = text.replace(/ /g, "+");
  return clean ? decompress(clean.length, 32, reader(clean, URI)) : null;
}

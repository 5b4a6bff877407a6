// Gives the wasm module's imports from wasm-bindgen's glue short names, in the module and in
// the glue alike: release builds, from `scripts/post-build`, before the glue is minified.
// wasm-bindgen names each import after its JS function and a hash (`__wbg_forEach_08a43eeb…`),
// and both files spell every name out: 5 KB of the module and 3 KB of the glue gzipped, most
// of it the hashes, which do not compress. Each becomes `_` and its number in base 36, in the
// import section's order. Only the import section's names change; the code, which calls
// imports by index, is left byte for byte. (Binaryen's `--minify-imports` renames only
// Emscripten's `env` imports.)
// usage: node scripts/short-imports.mjs DIR/sudoku-web_bg.wasm DIR/sudoku-web.js
import { readFileSync, writeFileSync } from 'node:fs';

/** The import module whose names wasm-bindgen's glue provides. */
const GLUE = './sudoku-web_bg.js';

const [wasmPath, jsPath] = process.argv.slice(2);
const wasm = readFileSync(wasmPath);
let js = readFileSync(jsPath, 'utf8');

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function encodeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

const text = (bytes) => Buffer.from(bytes).toString('utf8');
const named = (s) => Buffer.concat([encodeLeb(Buffer.byteLength(s)), Buffer.from(s)]);

/** Where an import's description (after its names) ends. */
function descriptionEnd(body, at) {
  const kind = body[at++];
  const limits = () => {
    let flags;
    [flags, at] = leb(body, at);
    [, at] = leb(body, at);
    if (flags & 1) [, at] = leb(body, at);
  };
  if (kind === 0) [, at] = leb(body, at); // a function: its type
  else if (kind === 1) (at++, limits()); // a table: its element type and limits
  else if (kind === 2) limits(); // a memory
  else if (kind === 3) at += 2; // a global: its type and mutability
  else if (kind === 4) (at++, ([, at] = leb(body, at))); // a tag
  else throw new Error(`import of unknown kind ${kind}`);
  return at;
}

const parts = [wasm.subarray(0, 8)];
let renamed = 0;
for (let at = 8; at < wasm.length; ) {
  const id = wasm[at];
  const [size, start] = leb(wasm, at + 1);
  const end = start + size;
  if (id !== 2) {
    parts.push(wasm.subarray(at, end));
    at = end;
    continue;
  }
  const body = wasm.subarray(start, end);
  let [count, i] = leb(body, 0);
  const entries = [encodeLeb(count)];
  for (let k = 0; k < count; k++) {
    let length;
    [length, i] = leb(body, i);
    const module = text(body.subarray(i, i + length));
    i += length;
    [length, i] = leb(body, i);
    const field = text(body.subarray(i, i + length));
    i += length;
    const described = i;
    i = descriptionEnd(body, i);
    let name = field;
    if (module === GLUE) {
      name = `_${k.toString(36)}`;
      // The glue names each import once, as a key of its imports object, and nowhere else.
      const word = `(?<![\\w$])${field.replace(/\$/g, '\\$')}(?![\\w$])`;
      const found = js.match(new RegExp(word, 'g'))?.length ?? 0;
      const key = new RegExp(`${word}(?=\\s*:)`);
      if (found !== 1 || !key.test(js)) {
        throw new Error(`${field} is named ${found} times in ${jsPath}, not once as a key`);
      }
      js = js.replace(key, name);
      renamed++;
    }
    entries.push(named(module), named(name), body.subarray(described, i));
  }
  const section = Buffer.concat(entries);
  parts.push(Buffer.from([2]), encodeLeb(section.length), section);
  at = end;
}
if (renamed === 0) throw new Error(`no import of ${GLUE} in ${wasmPath}`);
writeFileSync(wasmPath, Buffer.concat(parts));
writeFileSync(jsPath, js);

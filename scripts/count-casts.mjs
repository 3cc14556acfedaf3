// Counts the casts that switch the type checker off (`as never`, `as unknown as`) in the source of
// the apps and packages, tests left out. Prints them; fails only when there are more than MAX_CASTS,
// so that the count cannot grow. Lower MAX_CASTS as casts are taken out.
// `node scripts/count-casts.mjs --list` prints every cast with its line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** the count after typing hooks' rows, tables' writes and the console's declarations (110 on 2026-11-28, 1f39ac2) */
const MAX_CASTS = 38;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KINDS = { 'as never': /\bas\s+never\b/g, 'as unknown as': /\bas\s+unknown\s+as\b/g };
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.(test|spec)\.[cm]?tsx?$|\.d\.ts$/;

/** Source files under `dir`, tests and declaration files left out. */
function* sources(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__tests__' && e.name !== 'test') yield* sources(p);
    } else if (SOURCE.test(e.name) && !TEST.test(e.name)) yield p;
  }
}

/** The text with its comments blanked (line breaks kept), so that a cast named in a comment is not counted. */
function code(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      // a string is copied whole (a '//' in it is no comment)
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const dirs = ['apps', 'packages'].flatMap((top) =>
  readdirSync(path.join(root, top), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(root, top, d.name, 'src')),
);
const byKind = Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0]));
const byFile = new Map();
const lines = [];
for (const dir of dirs) {
  let files;
  try {
    files = [...sources(dir)];
  } catch {
    continue; // a workspace without src/
  }
  for (const file of files) {
    const text = code(readFileSync(file, 'utf8'));
    const rel = path.relative(root, file);
    for (const [kind, re] of Object.entries(KINDS)) {
      for (const m of text.matchAll(re)) {
        byKind[kind]++;
        byFile.set(rel, (byFile.get(rel) ?? 0) + 1);
        lines.push(`${rel}:${text.slice(0, m.index).split('\n').length}: ${kind}`);
      }
    }
  }
}

const total = Object.values(byKind).reduce((a, b) => a + b, 0);
if (process.argv.includes('--list')) for (const l of lines.sort()) console.log(l);
console.log(
  `${total} casts in apps/*/src and packages/*/src (tests left out): ${Object.entries(byKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}; at most ${MAX_CASTS}`,
);
const top = [...byFile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);
console.log(`most: ${top.map(([f, n]) => `${f} ${n}`).join(', ')}`);
if (total > MAX_CASTS) {
  console.log(`✗ ${total - MAX_CASTS} cast(s) more than the ${MAX_CASTS} allowed: type the value instead (scripts/count-casts.mjs --list)`);
  process.exit(1);
}
if (total < MAX_CASTS) console.log(`(${MAX_CASTS - total} fewer than allowed: lower MAX_CASTS in scripts/count-casts.mjs to ${total})`);

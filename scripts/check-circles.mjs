#!/usr/bin/env node
/**
 * Fails (exit 1) when the server, the domain or the console has an import cycle, naming each one:
 * its files and one path round it. The import graph is read with the TypeScript compiler's parser
 * (installed already): static `import … from`, `export … from` and side-effect `import '…'` of
 * apps/server/src, packages/domain/src and apps/web/src, relative specifiers and the workspace's
 * @tagloom/domain (and @tagloom/domain/<path>) resolved to files. Cycles are the strongly connected
 * components of that graph (Tarjan).
 *
 * Left out, on purpose: type-only imports (`import type`, `export type`, or every name imported
 * marked `type`) — erased when compiled, they load nothing; and dynamic `import()` calls — they run
 * when called, after every module has loaded, so they cannot deadlock module evaluation.
 *
 * Usage: node scripts/check-circles.mjs [--json] [--with-types] (--with-types counts type-only
 * imports too: the structure a reader sees, stricter than what loads)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['apps/server/src', 'packages/domain/src', 'apps/web/src'];
const WORKSPACE = { '@tagloom/domain': 'packages/domain/src' };
const EXTS = ['.ts', '.tsx', '.mts'];

/** Every source file under `dir` (absolute paths). */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (EXTS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file a specifier names, or undefined (a package, an asset, a JSON file). */
function resolve(from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else {
    const pkg = Object.keys(WORKSPACE).find((p) => spec === p || spec.startsWith(`${p}/`));
    if (!pkg) return undefined;
    const rest = spec.slice(pkg.length).replace(/^\//, '');
    base = path.join(ROOT, WORKSPACE[pkg], rest || 'index.ts');
  }
  const candidates = [base];
  // compiled names (.js) stand for their sources; a bare path for a file or a folder's index
  if (/\.(m?js|jsx)$/.test(base)) candidates.push(...EXTS.map((e) => base.replace(/\.(m?js|jsx)$/, e)));
  candidates.push(...EXTS.map((e) => base + e), ...EXTS.map((e) => path.join(base, `index${e}`)));
  return candidates.find((c) => EXTS.some((e) => c.endsWith(e)) && existsSync(c) && statSync(c).isFile());
}

const WITH_TYPES = process.argv.includes('--with-types');

/** Whether an import or export declaration loads its module when run (not a type-only one). */
function loads(node) {
  if (WITH_TYPES) return true;
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return true; // import './side-effect.js'
    if (clause.isTypeOnly) return false;
    if (clause.name) return true; // a default import
    const named = clause.namedBindings;
    if (!named || ts.isNamespaceImport(named)) return true;
    return named.elements.length === 0 || named.elements.some((e) => !e.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.length === 0 || clause.elements.some((e) => !e.isTypeOnly);
  }
  return false;
}

/** The files a file loads when it runs. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const out = new Set();
  for (const node of sf.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
    if (!loads(node)) continue;
    const target = resolve(file, node.moduleSpecifier.text);
    if (target) out.add(target);
  }
  return [...out];
}

/** Tarjan's strongly connected components (iterative: deep graphs do not overflow the stack). */
function components(nodes, edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  for (const start of nodes) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const next = edges.get(v) ?? [];
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const u = work[work.length - 1][0];
        low.set(u, Math.min(low.get(u), low.get(v)));
      }
      if (low.get(v) === idx.get(v)) {
        const scc = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        out.push(scc);
      }
    }
  }
  return out;
}

/** One path round a component: from its first file (by name) back to it, by breadth-first search. */
function cycleIn(scc, edges) {
  const inside = new Set(scc);
  const start = [...scc].sort()[0];
  const prev = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const pathBack = [start];
        for (let u = v; u !== start; u = prev.get(u)) pathBack.push(u);
        pathBack.push(start);
        return pathBack.reverse();
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const files = DIRS.flatMap((d) => sources(path.join(ROOT, d)));
const edges = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f) => path.relative(ROOT, f);
const cycles = components(files, edges)
  .filter((scc) => scc.length > 1 || (edges.get(scc[0]) ?? []).includes(scc[0]))
  .map((scc) => ({ files: scc.map(rel).sort(), path: [...cycleIn(scc, edges).map(rel)] }))
  .sort((a, b) => b.files.length - a.files.length);

const counted = WITH_TYPES ? 'type-only imports counted' : 'type-only imports left out';
if (process.argv.includes('--json')) console.log(JSON.stringify({ files: files.length, cycles }, null, 2));
else if (!cycles.length) console.log(`check-circles: no import cycle in ${files.length} files (${DIRS.join(', ')}; ${counted})`);
else {
  for (const c of cycles) {
    console.error(`import cycle of ${c.files.length} file(s): ${c.path.join(' → ')}`);
    if (c.files.length > c.path.length - 1) console.error(`  its files: ${c.files.join(', ')}`);
  }
  console.error(`check-circles: ${cycles.length} import cycle(s) (${counted})`);
}
process.exit(cycles.length ? 1 : 0);

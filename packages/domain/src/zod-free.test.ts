import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The domain is two parts: the schemas (zod) and everything else, which the console imports
 * anywhere (/login keeps within its 200 KB). The schemas are schemas/**, resource/schemas.ts and
 * a screen's endpoint schemas beside its declaration (resources/<module>/<screen>.api.ts); index.ts
 * exports both parts for the server. Every other module must reach neither zod nor a schema module,
 * through any chain of imports; `import type` is erased and does not count.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const isSchemaModule = (file: string) => /^(schemas\/|resource\/schemas\.ts$|resources\/.*\.api\.ts$)/.test(rel(file));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The modules a file loads at run time: its value imports and re-exports, static or dynamic. */
function runtimeImports(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

/** A relative specifier as the file it names ('./fields.js' → fields.ts); JSON and packages stay as they are. */
function resolve(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const target = path.resolve(path.dirname(from), spec);
  return target.endsWith('.js') ? `${target.slice(0, -3)}.ts` : target;
}

/** The first import chain from `entry` to zod or a schema module, or undefined when there is none. */
function chainToZod(entry: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      const target = resolve(file, spec);
      if (spec === 'zod' || spec.startsWith('zod/')) return [...chain, 'zod'];
      if (!target.endsWith('.ts')) continue;
      if (isSchemaModule(target)) return [...chain, rel(target)];
      const found = walk(target, [...chain, rel(target)]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(entry, [rel(entry)]);
}

const all = sources(SRC);
const zodFree = all.filter((f) => !isSchemaModule(f) && rel(f) !== 'index.ts');

describe('the zod-free part of the domain', () => {
  it('holds the declarations, field builders, menu, enums, languages and messages', () => {
    for (const f of [
      'resource/define.ts',
      'resource/fields.ts',
      'resources/index.ts',
      'menu/tree.ts',
      'enums.ts',
      'lang.ts',
      'validation.ts',
    ])
      expect(zodFree.map(rel)).toContain(f);
  });

  it.each(zodFree.map((f) => [rel(f), f]))('%s reaches neither zod nor a schema module', (_name, file) => {
    expect(chainToZod(file)?.join(' → ')).toBeUndefined();
  });

  it('tells a module that reaches zod (the check is not vacuous)', () => {
    expect(chainToZod(path.join(SRC, 'resource/schemas.ts'))).toEqual(['resource/schemas.ts', 'zod']);
    expect(chainToZod(path.join(SRC, 'index.ts'))).toBeDefined();
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webScreensCatalog, webShellCatalog } from '@tagloom/domain/i18n/load-web.ts';
import { describe, expect, it } from 'vitest';

// the shell's sections load with /login, the screens' with the layout: together they are the catalog
const enShell = webShellCatalog('en_US');
const enScreens = webScreensCatalog('en_US');
// biome-ignore lint/suspicious/noExplicitAny: JSON catalogs read at run time
const enUS: Record<string, any> = { ...enShell, ...enScreens };
const zhCN = { ...webShellCatalog('zh_CN'), ...webScreensCatalog('zh_CN') };
const zhTW = { ...webShellCatalog('zh_TW'), ...webScreensCatalog('zh_TW') };

const flatten = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });

describe('console catalogs', () => {
  const catalogs = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };
  const all = new Set(Object.values(catalogs).flatMap((c) => flatten(c)));

  it.each(Object.entries(catalogs))('%s holds every key of the others', (_name, catalog) => {
    const keys = new Set(flatten(catalog));
    expect([...all].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('keeps shell and screen sections apart', () => {
    const shell = new Set(Object.keys(enShell));
    expect(Object.keys(enScreens).filter((k) => shell.has(k))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const c of Object.values(catalogs)) {
      for (const k of flatten(c)) {
        const v = k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], c);
        expect(typeof v === 'string' && v.length > 0, k).toBe(true);
      }
    }
  });

  it('holds every static key the source uses', () => {
    const used = new Set<string>();
    for (const f of files(SRC)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
    }
    // a plural key is held as its forms (key_one, key_other: i18next picks by `count`)
    expect([...used].filter((k) => !all.has(k) && !all.has(`${k}_other`))).toEqual([]);
  });

  it('keeps the spec message texts exact in English', () => {
    expect(enUS.request.sessionInvalid).toBe('You have been logged out, you can cancel to remain on this page, or login again');
    expect(enUS.menu.verifyFailed).toBe(
      'Get menu verification failed, please contact the administrator to confirm whether the system access rights have been allocated!',
    );
    expect(enUS.request.network).toBe('Please check network and retry!');
  });
});

describe('source text', () => {
  it('has no literal Chinese text outside the catalogs', () => {
    const offenders: string[] = [];
    for (const f of files(SRC)) {
      const lines = readFileSync(f, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '');
        // a regular-expression character class naming the CJK range is not text
        if (/[\u4e00-\u9fff]/.test(code.replace(/\[\\u4e00-\\u9fa5\]/g, ''))) offenders.push(`${path.relative(SRC, f)}:${i + 1}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('has no literal English text in JSX or in user-facing props outside the catalogs', () => {
    const jsxText = /<([A-Za-z][\w.]*)(\s[^<>]*)?>\s*([^<>{}\n]*[A-Za-z]{2,}[^<>{}\n]*?)\s*<\//;
    const prop = /\b(title|placeholder|label|okText|cancelText|content|description|tooltip|aria-label|alt)="([^"]*[A-Za-z]{2,}[^"]*)"/;
    // not words a user reads in one language: an address pattern as a placeholder
    const allowed = ['jdbc:postgresql://host:5432/db'];
    const offenders: string[] = [];
    for (const f of files(SRC).filter((x) => x.endsWith('.tsx'))) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const text = jsxText.exec(line)?.[3] ?? prop.exec(line)?.[2];
          if (text && !allowed.includes(text)) offenders.push(`${path.relative(SRC, f)}:${i + 1}: ${text}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

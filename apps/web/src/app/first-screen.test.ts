import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webScreensCatalog, webShellCatalog } from '@tagloom/domain/i18n/load-web.ts';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS, FIRST_SECTIONS } from './first-screen';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inDir = (dir: string) =>
  readdirSync(path.join(SRC, dir))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));

/**
 * What draws before the rest of the screens' catalog has come: the shell (with the drawers and
 * dialogs it opens) and the first screens.
 */
const FIRST_FILES = [
  ...inDir('app/layout'),
  ...inDir('components/jobs'),
  'components/LangSelect.tsx',
  'components/use-languages.ts',
  'components/Placeholder.tsx',
  'components/ScreenErrorBoundary.tsx',
  'components/Chart.tsx',
  ...FIRST_SCREENS.flatMap((code) => inDir(`views/${code}`)),
];

/** The catalog sections a file's t('section.…') and t(`section.${…}`) calls name. */
const sectionsOf = (file: string) =>
  [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z0-9_]+)[.'`$]/g)].map((m) => m[1]);

describe('the first part of the screens catalog', () => {
  const shell = new Set(Object.keys(webShellCatalog('en_US')));
  const screens = webScreensCatalog('en_US');

  it('names sections the screens catalog has', () => {
    expect(FIRST_SECTIONS.filter((s) => !(s in screens))).toEqual([]);
  });

  it('holds every section the shell and the first screens show', () => {
    const missing = FIRST_FILES.flatMap((file) =>
      sectionsOf(file)
        .filter((s) => !shell.has(s) && !FIRST_SECTIONS.includes(s))
        .map((s) => `${file}: ${s}`),
    );
    expect(missing).toEqual([]);
  });
});

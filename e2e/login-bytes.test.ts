/**
 * The sign-in page stays light: the JS that renders /login is at most 200 KB gzip, and none of it
 * carries zod (apps/web/scripts/measure-login.mjs, which prints the figure file by file when run by
 * itself after a build).
 */
import { expect, it } from 'vitest';
// @ts-expect-error a plain JavaScript module of the console's scripts
import { LIMIT_KB, measureLogin } from '../apps/web/scripts/measure-login.mjs';
import { e2eSuite } from './support/browser';

const suite = e2eSuite();

it(`the JS that renders /login is at most ${LIMIT_KB} KB gzip, without zod`, async () => {
  const context = await suite.browser.newContext();
  try {
    const m: { files: [string, number][]; kb: number; withZod: string[] } = await measureLogin(await context.newPage(), suite.server.url);
    console.log(`/login JS: ${m.files.length} files, ${m.kb.toFixed(1)} KB gzip (limit ${LIMIT_KB} KB)`);
    // the page loaded its scripts: an empty measure would pass any limit
    expect(m.files.length).toBeGreaterThan(0);
    expect(m.files.some(([p]) => /\/assets\/.+\.js$/.test(p))).toBe(true);
    expect(m.kb, m.files.map(([p, gz]) => `${(gz / 1024).toFixed(1)} KB ${p}`).join('\n')).toBeLessThanOrEqual(LIMIT_KB);
    expect(m.withZod).toEqual([]);
  } finally {
    await context.close();
  }
});

/**
 * Issue 13's "done when", in the browser: the demo tenant's admin issues a registration code in the
 * console, the reader simulator (bench/simulator.ts, spawned as a process) registers with it and
 * plays Impinj and Zebra batches; the raw-data screen's Live mode shows the reads arriving, EPC
 * state shows the tags, the history finds one EPC's reads by its start, one EPC's lifecycle shows
 * its arrival, and the dashboard's RFID cards count them. (The live view with reads, 1366 and 390 px in
 * the three languages: shots/rfid.shots.ts.)
 */
import { spawn } from 'node:child_process';
import { checkDigit, sgtin96Hex } from '@tagloom/domain/epc/index.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf } from './support/browser';
import { screenOf, webText } from './support/general';
import { openScreen } from './support/screens';
import { ROOT } from './support/server';

const suite = e2eSuite();

/** The demo tag registry's EPCs the simulator plays by default (the first SKU's GTIN, serials from 1). */
const GTIN = `690123400015${checkDigit('690123400015')}`;
const EPCS = Array.from({ length: 6 }, (_, i) => sgtin96Hex(GTIN, 7, 1, 1 + i));

/** Runs the simulator to its end; resolves with what it printed. */
function simulate(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/simulator.ts', '--url', suite.server.url, ...args], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`simulator exited ${code}:\n${out}`))));
  });
}

async function api<T = unknown>(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${suite.server.url}/api${url}`, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 200) throw new Error(`${url}: ${env.code} ${env.msg}`);
  return env.data;
}

const liveRows = (page: Page) => page.getByTestId('raw-live-table').locator('.ant-table-row');
const figure = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())?.replace(/\D/g, ''));

describe('RFID: a simulated reader registered in the console feeds the live console, EPC state and the lifecycle', () => {
  // five simulator runs, each a node process of its own
  it('shows reads arriving live, the tags in EPC state, an arrival in the lifecycle, and the live dashboard', {
    timeout: 180_000,
  }, async () => {
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang: 'en_US', path: '/rfid/equipment' });
    const token = await tokenOf(context);

    // GATE-01 bound to a location and a general or gate scene (R's bind, the console's call)
    type Reader = { id: number; equipmentCoding: string; snNumber: string; sceneId: number | null };
    const readers = await api<{ list: Reader[] }>(token, 'POST', '/rfid/equipment/list', { page: 1, pageSize: 100 });
    const gate = readers.list.find((r) => r.equipmentCoding === 'GATE-01')!;
    const [locations, scenes] = await Promise.all([
      api<{ list: { id: number }[] }>(token, 'POST', '/tenant/location/list', { page: 1, pageSize: 5 }),
      api<{ list: { id: number; sceneType: number }[] }>(token, 'POST', '/rfid/scene/list', { page: 1, pageSize: 50 }),
    ]);
    const scene = scenes.list.find((s) => Number(s.sceneType) !== 3) ?? scenes.list[0];
    await api(token, 'POST', '/rfid/equipment/bind', { id: gate.id, locationId: locations.list[0].id, sceneId: scene.id });

    // a registration code issued in the console
    const row = page.locator('.ant-table-row').filter({ hasText: 'GATE-01' }).first();
    await row.waitFor();
    // under its More menu (one click each: with reduced motion neither is lost)
    await row.getByTestId('row-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('row-register').click();
    await page.getByTestId('register-issue').click();
    const code = ((await page.getByTestId('register-code').textContent()) ?? '').trim();
    expect(code.length).toBeGreaterThan(4);
    await page.getByTestId('register-done').click();

    // the raw-data screen in Live mode, before the reader says anything
    await openScreen(page, 'rfid/raw-data');
    await page.getByTestId('raw-live-tab').click();
    await expect.poll(() => page.getByTestId('raw-live-state').locator('.ant-badge-status-success').count()).toBe(1);

    // the simulator registers with the code, then plays Impinj JSON, Impinj NDJSON and Zebra batches
    const first = await simulate([
      '--code',
      code,
      '--sn',
      gate.snNumber,
      '--tags',
      '6',
      '--rate',
      '6',
      '--batches',
      '2',
      '--format',
      'impinj',
    ]);
    expect(first).toContain('registered GATE-01');
    expect(first.match(/accepted 6, invalid 0/g)).toHaveLength(2);
    const device = /device (GATE-01:\S+)/.exec(first)![1];
    for (const format of ['impinj-ndjson', 'zebra'])
      expect(await simulate(['--device', device, '--tags', '6', '--rate', '6', '--batches', '1', '--format', format])).toMatch(
        /accepted 6, invalid 0/,
      );

    // the reads arrived at the top of the live view, with the count and the rate
    await expect.poll(() => liveRows(page).count(), { timeout: 15_000 }).toBe(24);
    const table = (await page.getByTestId('raw-live-table').textContent()) ?? '';
    for (const epc of EPCS) expect(table).toContain(epc);
    expect(await figure(page, 'raw-live-total')).toBe(24);

    // paused, new reads wait; resumed, they show
    await page.getByTestId('raw-live-pause').click();
    await simulate(['--device', device, '--tags', '6', '--rate', '6', '--batches', '1', '--format', 'zebra']);
    await page.getByTestId('raw-live-queued').waitFor();
    expect(await liveRows(page).count()).toBe(24);
    await page.getByTestId('raw-live-pause').click();
    await expect.poll(() => liveRows(page).count()).toBe(30);
    // the mode switch leaves Live for the history, which lists the stored reads
    await page.getByTestId('raw-mode').getByText(webText('en_US', 'rfidLive.history')).click();
    await expect.poll(() => page.getByTestId('raw-table').locator('.ant-table-row').count()).toBeGreaterThan(0);

    // EPC state (folded just after each answer): every tag seen five times at GATE-01; its lifecycle shows the arrival
    for (const epc of EPCS)
      await expect
        .poll(async () => JSON.stringify(await api<Record<string, unknown>>(token, 'GET', `/rfid/epc-state/${epc}`)))
        .toContain('GATE-01');
    await openScreen(page, 'rfid/epc-state');
    // (the equipment screen stays open behind it)
    const state = screenOf(page, 'rfid/epc-state');
    await expect
      .poll(async () => (await state.locator('.ant-table-tbody').first().textContent()) ?? '', { timeout: 15_000 })
      .toContain(EPCS[0]);
    await state.locator('.ant-table-row').filter({ hasText: EPCS[0] }).first().locator('.feed-open').first().click();
    await page.getByTestId('epc-drawer').waitFor();
    await expect
      .poll(() => page.getByTestId('epc-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^(arriving|receiving)$/)]));

    // the history: the reads of one EPC (by its start, answered through EPC state), each with its own read time
    await page.goto('/rfid/raw-data');
    await page.getByTestId('raw-search-submit').waitFor();
    const epcFilter = page.getByTestId('raw-filter-epc');
    if (!(await epcFilter.isVisible())) await page.getByTestId('raw-search-toggle').click();
    await epcFilter.fill(EPCS[0].toLowerCase());
    await page.getByTestId('raw-search-submit').click();
    const history = page.getByTestId('raw-table').locator('.ant-table-row');
    await expect.poll(() => history.count()).toBeGreaterThanOrEqual(5);
    const epcsShown = await history.evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(epcsShown.every((text) => text.includes(EPCS[0]) && /\d{2}:\d{2}:\d{2}\.\d{3}/.test(text))).toBe(true);
    expect(await page.getByTestId('raw-table').locator('thead').textContent()).toContain('Read at');

    // the dashboard: today's reads, pushed live when more arrive
    await openScreen(page, 'dashboard/admin');
    await page.getByTestId('rfid-operator').waitFor();
    await expect.poll(() => figure(page, 'rfid-reads-today')).toBeGreaterThanOrEqual(30);
    const before = await figure(page, 'rfid-reads-today');
    await expect.poll(() => page.getByTestId('rfid-live-badge').locator('.ant-badge-status-processing').count()).toBe(1);
    await simulate(['--device', device, '--tags', '6', '--rate', '6', '--batches', '1']);
    await expect.poll(() => figure(page, 'rfid-reads-today')).toBe(before + 6);
    // the read rate drawn as a chart
    await expect.poll(() => page.getByTestId('chart-rfid-rate').locator('canvas').count()).toBe(1);
    // its value axis says what it counts
    expect(await page.getByTestId('chart-rfid-rate').getAttribute('aria-label')).toContain(webText('en_US', 'dashboard.rfid.readsAxis'));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Receiving at the DC (issue 29, ../shared/operations.md slice A): the warehouse keeper works the
 * cartons the dock tunnel checked — holds a short one with its reason, has it read again, accepts a
 * held one as read — finds their SSCCs on the box list and what each carried on the ASN binding
 * records; a receipt cannot finish while a carton is unchecked; a received store return is reviewed
 * with its difference reason, and a second review gets the spec's refusal; an inspection is
 * submitted and a failed lot returned; a QI sample is read at the QI area's reader (the count as it reads, stored on close); an accepted carton is put away by hand and an abnormal label
 * handled; a futures receipt's review makes one transfer bill for each store it was allocated to;
 * a factory's ASN spreadsheet imported on bill management becomes a bill in transit.
 */

import * as XLSX from '@e965/xlsx';
import type { Lang } from '@tagloom/domain';
import { TAG_EXCEPTION_STATE } from '@tagloom/domain/resources/label/tags/enums.ts';
import {
  BILL_STATUS,
  CARTON_STATUS,
  INSPECTION_RESULT,
  INSPECTION_STATUS,
  RECEIPT_STATUS,
} from '@tagloom/domain/resources/warehouse/enums.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import {
  apiPost,
  clickInDialog,
  enumText,
  panelOf,
  pickRef,
  rowOf,
  save,
  screenOf,
  serverText,
  tableText,
  webText,
} from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
const CHECK = 'warehouse/receiving-check';

type Row = Record<string, unknown>;

/** A row action, inline or under the row's "More". */
async function rowAction(page: Page, row: Locator, action: string) {
  const inline = row.getByTestId(`row-action-${action}`);
  if (await inline.count()) return inline.click();
  await row.getByTestId('row-more').click();
  await page.locator(`.ant-dropdown:visible [data-testid="row-action-${action}"]`).click();
}

/** Shows the rows whose carton number starts so (the screen's search). */
async function findCarton(page: Page, cartonNo: string) {
  const s = screenOf(page, CHECK);
  await s.getByTestId('search-cartonNo').fill(cartonNo);
  await s.getByTestId('resource-search-submit').click();
  await expect.poll(() => s.locator('.ant-table-row').count()).toBe(1);
  return rowOf(page, CHECK, cartonNo);
}

describe('receiving at the DC', () => {
  it('wh01 holds a short carton, has it read again and accepts a held one; the receipt waits for its unchecked cartons', async () => {
    const lang: Lang = 'en_US';
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    try {
      const token = await tokenOf(context);
      const listed = await apiPost(page, token, `/api/${CHECK}/list`, { page: 1, pageSize: 100 });
      const cartons = listed.data.list as Row[];
      const short = cartons.find((c) => c.status === CARTON_STATUS.CHECKED && c.short === 1 && c.over === 0)!;
      const held = cartons.find((c) => c.status === CARTON_STATUS.HELD)!;
      expect(short && held).toBeTruthy();
      await openScreen(page, CHECK);
      const state = (row: Locator) => row.locator('.resource-status').first().textContent();

      // hold: the reason asked first
      let row = await findCarton(page, String(short.cartonNo));
      await rowAction(page, row, 'hold');
      const dialog = page.locator('.ant-modal-confirm').filter({ visible: true });
      await dialog.getByTestId('field-holdReason').fill('One piece short: asking the factory');
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(() => state(row)).toBe(enumText('CartonStatus', CARTON_STATUS.HELD, lang));
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: serverText(lang, 'carton.done.hold') })
        .waitFor();

      // read again: confirmed, its reads forgotten
      await rowAction(page, row, 'reread');
      const confirm = page.locator('.ant-modal-confirm').filter({ visible: true });
      await expect
        .poll(() => confirm.locator('.ant-modal-confirm-content').textContent())
        .toContain(webText(lang, 'carton.confirm.reread', { name: short.cartonNo }));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(() => state(row)).toBe(enumText('CartonStatus', CARTON_STATUS.EXPECTED, lang));

      // the held carton (another bill's piece and an unknown tag in it) accepted as read
      row = await findCarton(page, String(held.cartonNo));
      expect(await row.textContent()).toContain(enumText('CartonResult', 4, lang));
      await rowAction(page, row, 'review');
      await expect.poll(() => state(row)).toBe(enumText('CartonStatus', CARTON_STATUS.ACCEPTED, lang));

      // the box list: the cartons with their SSCCs; the binding records: what each carried
      await openScreen(page, 'warehouse/box');
      await expect.poll(() => tableText(page, 'warehouse/box')).toMatch(/\d{18}/);
      await openScreen(page, 'logistics/asn-binding');
      await expect.poll(() => tableText(page, 'logistics/asn-binding')).toContain(enumText('CartonEpcSource', 1, lang));

      // the receipt cannot finish: its carton read again is unchecked now (the button says why)
      await openScreen(page, 'warehouse/goods-received');
      const bills = await apiPost(page, token, '/api/warehouse/goods-received/list', { page: 1, pageSize: 100 });
      const bill = (bills.data.list as Row[]).find((b) => b.id === short.billId)!;
      expect(bill.cartonsPending).toBeGreaterThan(0);
      const billRow = rowOf(page, 'warehouse/goods-received', String(bill.code));
      await billRow.waitFor();
      await expect.poll(() => billRow.getByTestId('row-action-receive').isDisabled()).toBe(true);
      await billRow.getByTestId('row-action-receive').hover({ force: true });
      await expect
        .poll(() => page.locator('.ant-tooltip:visible').last().textContent())
        .toBe(webText(lang, 'bill.cartonsUnchecked', { n: bill.cartonsPending }));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('the tenant admin finishes a store return and reviews it with its difference reason; a second review is refused', async () => {
    const lang: Lang = 'zh_TW';
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang });
    try {
      const token = await tokenOf(context);
      const listed = await apiPost(page, token, '/api/warehouse/goods-received/list', { page: 1, pageSize: 100 });
      const bill = (listed.data.list as Row[]).find((b) => b.status === BILL_STATUS.RECEIVING && b.kind === 4)!;
      expect(bill).toBeTruthy();
      const code = String(bill.code);
      await openScreen(page, 'warehouse/goods-received');
      const row = rowOf(page, 'warehouse/goods-received', code);
      await rowAction(page, row, 'receive');
      await expect
        .poll(() => row.locator('.resource-status').first().textContent())
        .toBe(enumText('BillStatus', BILL_STATUS.RECEIVED, lang));

      await openScreen(page, 'logistics/receipt-review');
      const review = rowOf(page, 'logistics/receipt-review', code);
      expect(await review.textContent()).toContain(enumText('ReceiptStatus', RECEIPT_STATUS.ABNORMAL, lang));
      await rowAction(page, review, 'review');
      const dialog = page.locator('.ant-modal-confirm').filter({ visible: true });
      await dialog.getByTestId('field-diffReason').waitFor();
      // an abnormal receipt without its reason: the server names the field
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: serverText(lang, 'validation.diffReasonNeeded') })
        .waitFor();
      await expect
        .poll(() => review.locator('.resource-status').first().textContent())
        .toBe(enumText('BillStatus', BILL_STATUS.RECEIVED, lang));
      await rowAction(page, review, 'review');
      await page.locator('.ant-modal-confirm').filter({ visible: true }).getByTestId('field-diffReason').fill('門市少退一件，已與門市確認');
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect
        .poll(() => review.locator('.resource-status').first().textContent())
        .toBe(enumText('BillStatus', BILL_STATUS.REVIEWED, lang));
      // reviewed: the button stays, refused with the spec's words
      await expect.poll(() => review.getByTestId('row-action-review').isDisabled()).toBe(true);
      await review.getByTestId('row-action-review').hover({ force: true });
      await expect.poll(() => page.locator('.ant-tooltip:visible').last().textContent()).toBe(webText(lang, 'bill.alreadyReviewed'));
      // the refused review's 400 is the console's only complaint
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('an inspector completes the sample of an inspection and submits it; a failed lot goes back to its vendor', async () => {
    const lang: Lang = 'zh_CN';
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang });
    try {
      const QI = 'warehouse/receiving-qi';
      await openScreen(page, QI);
      const row = screenOf(page, QI)
        .locator('.ant-table-row')
        .filter({ hasText: enumText('InspectionStatus', INSPECTION_STATUS.INSPECTING, lang) })
        .first();
      await row.waitFor();
      // the sample read at the QI area is short of the plan: Submit is refused, saying why
      await expect.poll(() => row.getByTestId('row-action-submit').isDisabled()).toBe(true);
      const code =
        (await row
          .locator('td')
          .filter({ hasText: /^QI\d{12}$/ })
          .first()
          .textContent()) ?? '';
      const token = await tokenOf(context);
      const got = await apiPost(page, token, `/api/${QI}/list`, { page: 1, pageSize: 5, code });
      const sample = Number(got.data.list[0].sampleSize);
      await row.getByTestId('row-edit').click();
      const form = panelOf(page);
      await form.getByTestId('field-inspectedQty').fill(String(sample));
      await save(page, form);
      const saved = rowOf(page, QI, code);
      await expect.poll(() => saved.getByTestId('row-action-submit').isDisabled()).toBe(false);
      await rowAction(page, saved, 'submit');
      await expect
        .poll(() => saved.locator('.resource-status').first().textContent())
        .toBe(enumText('InspectionStatus', INSPECTION_STATUS.SUBMITTED, lang));
      expect(await saved.textContent()).toContain(enumText('InspectionResult', INSPECTION_RESULT.PASS, lang));

      // the failed purchase: QI return, confirmed, makes its vendor-return bill
      const ALL = 'logistics/quality-inspection';
      await openScreen(page, ALL);
      const failed = screenOf(page, ALL)
        .locator('.ant-table-row')
        .filter({ hasText: enumText('InspectionResult', INSPECTION_RESULT.FAIL, lang) })
        .first();
      await failed.waitFor();
      const failedCode =
        (await failed
          .locator('td')
          .filter({ hasText: /^QI\d{12}$/ })
          .first()
          .textContent()) ?? '';
      await rowAction(page, failed, 'rollback');
      const confirm = page.locator('.ant-modal-confirm').filter({ visible: true });
      await expect
        .poll(() => confirm.locator('.ant-modal-confirm-content').textContent())
        .toContain(webText(lang, 'qi.confirm.rollback', { name: failedCode }));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      const returned = rowOf(page, ALL, failedCode);
      await expect
        .poll(() => returned.locator('.resource-status').first().textContent())
        .toBe(enumText('InspectionStatus', INSPECTION_STATUS.RETURNED, lang));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
  it('wh01 puts an accepted carton away by hand and handles an abnormal label found at its dock', async () => {
    const lang: Lang = 'zh_CN';
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    try {
      const token = await tokenOf(context);
      const listed = await apiPost(page, token, `/api/${CHECK}/list`, { page: 1, pageSize: 100 });
      const accepted = (listed.data.list as Row[]).find((c) => c.status === CARTON_STATUS.ACCEPTED)!;
      expect(accepted).toBeTruthy();
      await openScreen(page, CHECK);
      const row = await findCarton(page, String(accepted.cartonNo));
      await rowAction(page, row, 'putAway');
      const confirm = page.locator('.ant-modal-confirm').filter({ visible: true });
      await expect
        .poll(() => confirm.locator('.ant-modal-confirm-content').textContent())
        .toContain(webText(lang, 'carton.confirm.putAway', { name: accepted.cartonNo }));
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect
        .poll(() => row.locator('.resource-status').first().textContent())
        .toBe(enumText('CartonStatus', CARTON_STATUS.PUT_AWAY, lang));

      // the abnormal labels of WH01: a pending one handled with its note
      const ABNORMAL = 'warehouse/abnormal-label';
      const found = await apiPost(page, token, `/api/${ABNORMAL}/list`, { page: 1, pageSize: 100, state: TAG_EXCEPTION_STATE.PENDING });
      expect(found.data, JSON.stringify(found)).toBeTruthy();
      const pending = (found.data.list as Row[])[0];
      expect(pending).toBeTruthy();
      await openScreen(page, ABNORMAL);
      const label = rowOf(page, ABNORMAL, String(pending.epc));
      await label.getByTestId('exception-handle').click();
      await page.getByTestId('exception-note').fill('已更换本品牌标签');
      await clickInDialog(page.getByTestId('exception-handle-ok'));
      // (its kind is a badge too: the state is the row's second)
      await expect
        .poll(() => label.locator('.resource-status').nth(1).textContent())
        .toBe(enumText('TagExceptionState', TAG_EXCEPTION_STATE.HANDLED, lang));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
  it('a futures receipt reviewed with its difference reason cross-docks its goods: one transfer bill a store', async () => {
    const lang: Lang = 'zh_TW';
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    try {
      const token = await tokenOf(context);
      const REVIEW = 'logistics/receipt-review';
      const found = await apiPost(page, token, `/api/${REVIEW}/list`, { page: 1, pageSize: 10, reservationNo: 'FUT-2027SS-02' });
      const bill = (found.data.list as Row[])[0];
      expect(bill).toMatchObject({ status: BILL_STATUS.RECEIVED, receiptStatus: RECEIPT_STATUS.ABNORMAL });
      const before = await apiPost(page, token, '/api/warehouse/bill/list', { page: 1, pageSize: 1, kind: 3, status: BILL_STATUS.CREATED });
      await openScreen(page, REVIEW);
      const row = rowOf(page, REVIEW, String(bill.code));
      await rowAction(page, row, 'review');
      await page.locator('.ant-modal-confirm').filter({ visible: true }).getByTestId('field-diffReason').fill('工廠少交兩件，按比例分貨');
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect
        .poll(() => row.locator('.resource-status').first().textContent())
        .toBe(enumText('BillStatus', BILL_STATUS.REVIEWED, lang));
      // its four stores' transfers, drafts from WH01, on the bill list
      const after = await apiPost(page, token, '/api/warehouse/bill/list', { page: 1, pageSize: 1, kind: 3, status: BILL_STATUS.CREATED });
      expect(after.data.total - before.data.total).toBe(4);
      await openScreen(page, 'warehouse/bill');
      await expect.poll(() => tableText(page, 'warehouse/bill')).toContain(enumText('BillKind', 3, lang));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });

  it('wh01 reads a QI sample at the QI area: starts the read, sees the count as the reader reads, closes it and sees the sample', async () => {
    const lang: Lang = 'en_US';
    const QI = 'warehouse/receiving-qi';
    // the inspection of the receipt at WH01, reset (its sample cleared) by the tenant admin's call; the QI reader's key rotated
    const admin = await signedIn(suite, 'demo', 'demo123', { lang });
    const adminToken = await tokenOf(admin.context);
    const [qi] = (await apiPost(admin.page, adminToken, `/api/${QI}/list`, { page: 1, pageSize: 50 })).data.list.filter(
      (r: Row) => r.status !== INSPECTION_STATUS.PENDING && Number(r.lotQty) === 30,
    );
    expect((await apiPost(admin.page, adminToken, `/api/${QI}/reset`, { id: qi.id })).code).toBe(200);
    const readers = await apiPost(admin.page, adminToken, '/api/rfid/equipment/list', {
      page: 1,
      pageSize: 100,
      equipmentCoding: 'QI-WH01',
    });
    const reader = (readers.data.list as Row[]).find((r) => r.equipmentCoding === 'QI-WH01')!;
    const { deviceToken } = (await apiPost(admin.page, adminToken, '/api/rfid/equipment/rotate-token', { id: reader.id })).data;
    const lot = await apiPost(admin.page, adminToken, '/api/logistics/asn-binding/list', {
      page: 1,
      pageSize: 2,
      billId: qi.billId,
      result: 1,
    });
    const epcs = (lot.data.list as Row[]).map((l) => String(l.epc));
    await admin.context.close();

    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    try {
      await openScreen(page, QI);
      await rowOf(page, QI, String(qi.code)).getByTestId('qi-sample-open').click();
      const dialog = page.getByTestId('qi-sample');
      const count = dialog.getByTestId('qi-sample-count');
      await expect.poll(() => count.textContent()).toBe(webText(lang, 'qi.sample.count', { counted: 0, sample: qi.sampleSize }));
      await dialog.getByTestId('qi-sample-start').click();
      await dialog.getByTestId('qi-sample-reading').waitFor();
      // the reader reads two pieces of the lot and a tag of nobody's
      const at = new Date().toISOString();
      const sent = await fetch(`${suite.server.url}/api/rfid/ingest/impinj`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}` },
        body: JSON.stringify(
          [...epcs, '30340789000C0E40000000AA'].map((epc) => ({
            timestamp: at,
            eventType: 'tagInventory',
            tagInventoryEvent: { epcHex: epc, antennaPort: 1, peakRssiCdbm: -5200 },
          })),
        ),
      });
      expect(sent.status).toBe(200);
      // the count refreshes while it reads: the foreign tag shown, not counted
      await expect
        .poll(() => count.textContent(), { timeout: 15_000 })
        .toBe(webText(lang, 'qi.sample.count', { counted: 2, sample: qi.sampleSize }));
      await dialog.getByTestId('qi-sample-foreign').waitFor();
      // closed short of the plan: stored, and the message says so
      await dialog.getByTestId('qi-sample-close').click();
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: serverText(lang, 'qi.done.sampleShort', { counted: 2, sample: qi.sampleSize, short: qi.sampleSize - 2 }) })
        .waitFor();
      await dialog.getByTestId('qi-sample-start').waitFor();
      const table = dialog.getByTestId('qi-sample-table');
      for (const epc of epcs)
        expect(await table.locator('.ant-table-row').filter({ hasText: epc }).textContent()).toContain(webText(lang, 'qi.sample.sampled'));
      await dialog.getByTestId('qi-sample-done').click();
      await expect
        .poll(() => rowOf(page, QI, String(qi.code)).locator('.resource-status').first().textContent())
        .toBe(enumText('InspectionStatus', INSPECTION_STATUS.INSPECTING, lang));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});

describe('the receiving check live', () => {
  it('a carton scanned, read and closed at a dock tunnel shows on its dock card and in the list without a reload; its EPCs in the drawer', async () => {
    const lang: Lang = 'en_US';
    const { page, context, errors } = await signedIn(suite, 'demo', 'demo123', { lang });
    try {
      const token = await tokenOf(context);
      // WH01's receiving gate made a tunnel (a scene of type tunnel), with a fresh device token
      const scene = await apiPost(page, token, '/api/rfid/scene/create', {
        sceneCode: 'TUN-E2E',
        sceneName: 'Dock tunnel E2E',
        sceneType: 5,
        minPeriod: 1,
        intervalPeriod: 1,
        maxPeriod: 1,
        readPower: 20,
        reportInterval: 1,
      });
      expect(scene.code, JSON.stringify(scene)).toBe(200);
      const readers = await apiPost(page, token, '/api/rfid/equipment/list', { page: 1, pageSize: 10, equipmentCoding: 'GATE-01' });
      const gate = (readers.data.list as Row[]).find((r) => r.equipmentCoding === 'GATE-01')!;
      const bound = await apiPost(page, token, '/api/rfid/equipment/bind', {
        id: gate.id,
        locationId: gate.locationId,
        sceneId: scene.data.id,
      });
      expect(bound.code, JSON.stringify(bound)).toBe(200);
      const rotated = await apiPost(page, token, '/api/rfid/equipment/rotate-token', { id: gate.id });
      const key = String(rotated.data.deviceToken);
      // the carton still expected on WH01's receipt, and the EPCs it should hold
      const listed = await apiPost(page, token, `/api/${CHECK}/list`, { page: 1, pageSize: 100, status: CARTON_STATUS.EXPECTED });
      const carton = (listed.data.list as Row[])[0];
      expect(carton).toBeTruthy();
      const epcs = (await page.evaluate(
        async ({ url, token }) => (await (await fetch(url, { headers: { token, loginType: '1' } })).json()).data.epcs,
        { url: `/api/${CHECK}/epcs?id=${carton.id}`, token },
      )) as Row[];
      expect(epcs.length).toBeGreaterThan(0);

      await openScreen(page, CHECK);
      const card = page.locator('[data-testid="rcv-dock"][data-dock="GATE-01"]');
      await expect.poll(() => card.count()).toBe(1);
      await expect.poll(() => page.getByTestId('rcv-live-state').getAttribute('data-state')).toBe('open');
      const row = await findCarton(page, String(carton.cartonNo));
      // the reader: its scan, its reads, its close (as a tunnel posts them)
      const device = (url: string, body: unknown, headers: Record<string, string> = {}) =>
        page.evaluate(
          async ({ url, key, body, headers }) => {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'x-device-key': key, 'content-type': 'application/json', ...headers },
              body: JSON.stringify(body),
            });
            return { status: res.status, body: await res.json() };
          },
          { url, key, body, headers },
        );
      const opened = await device('/api/rfid/sessions', { subjectType: 'carton', subjectCode: carton.sscc });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      await expect.poll(() => card.getByTestId('rcv-dock-current').getAttribute('data-carton')).toBe(String(carton.cartonNo));
      const at = new Date(Date.now() - 1000).toISOString().replace('Z', '+0000');
      const sent = await device(
        '/api/rfid/ingest/zebra',
        epcs.map((e) => ({ timestamp: at, type: 'SIMPLE', data: { idHex: e.epc, antenna: 1, peakRssi: -50, reads: 2 } })),
        { 'idempotency-key': `e2e-live-${carton.id}` },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
      // its reads so far on the card, then the close: the result on the card and in the row, no reload
      await expect
        .poll(() => card.getByTestId('rcv-dock-reads').textContent())
        .toBe(webText(lang, 'carton.live.readsSoFar', { n: epcs.length, expected: carton.expectedPieces }));
      const closed = await device(`/api/rfid/sessions/${opened.body.data.session.id}/close`, {});
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const last = card.getByTestId('rcv-dock-last');
      await expect.poll(() => last.getAttribute('data-carton')).toBe(String(carton.cartonNo));
      expect(await last.getAttribute('data-result')).toBe('1');
      await expect
        .poll(() => row.locator('.resource-status').first().textContent())
        .toBe(enumText('CartonStatus', CARTON_STATUS.ACCEPTED, lang));
      // the drawer: each EPC matched
      await row.getByTestId('rcv-epcs-open').click();
      const drawer = page.getByTestId('rcv-epcs');
      await expect.poll(() => drawer.getByTestId('rcv-epc-result').count()).toBe(epcs.length);
      expect(new Set(await drawer.getByTestId('rcv-epc-result').allTextContents())).toEqual(new Set([enumText('EpcClass', 1, lang)]));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
  it('wh01 imports a factory ASN spreadsheet on bill management: the new bill in transit is on the list', async () => {
    const lang: Lang = 'zh_CN';
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang });
    try {
      const token = await tokenOf(context);
      const skus = await page.evaluate(
        async (token) =>
          (await (await fetch('/api/tenant/goods-sku/options?page=1', { headers: { token, loginType: '1' } })).json()).data.list,
        token,
      );
      const sheet = XLSX.utils.aoa_to_sheet([
        ['箱号或SSCC', 'SKU编码或条码/GTIN', '数量', 'EPC（选填）'],
        ['E2E-ASN-01', skus[0].label, 3],
        ['E2E-ASN-01', skus[1].label, 2],
        ['E2E-ASN-02', skus[0].label, 4],
      ]);
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, sheet, 'ASN');
      const buffer = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      await openScreen(page, 'warehouse/bill');
      await screenOf(page, 'warehouse/bill').getByTestId('asn-import').click();
      const dialog = page.locator('.asn-import .ant-modal').filter({ visible: true });
      // its own warehouse is chosen for it
      await expect.poll(() => dialog.getByTestId('asn-import-dest').textContent()).toContain('华东中心仓（昆山）');
      await pickRef(page, dialog.getByTestId('asn-import-factory'), '宁波甬华');
      await dialog.getByTestId('asn-import-reference').fill('E2E-ASN-PO1');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'asn.xlsx', mimeType: 'application/octet-stream', buffer });
      await clickInDialog(dialog.getByTestId('asn-import-ok'));
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: serverText(lang, 'asnImport.done', { code: 'BL', cartons: 2, pieces: 9, epcs: 0 }).split('BL')[1] })
        .waitFor();
      const found = await apiPost(page, token, '/api/warehouse/bill/list', { page: 1, pageSize: 10, reservationNo: 'E2E-ASN-PO1' });
      const bill = (found.data.list as Row[])[0];
      expect(bill).toMatchObject({ status: BILL_STATUS.IN_TRANSIT, piecesExpected: 9 });
      await expect.poll(() => tableText(page, 'warehouse/bill')).toContain(String(bill.code));
      expect(errors).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});

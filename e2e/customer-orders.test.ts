/**
 * Customer orders in the browser (issue 31, ../shared/operations.md E12): an online order reaches
 * WH01 (from the shop, through the API); wh01 accepts it, its pack read at the e-commerce tunnel is
 * refused first (one piece short: the row says so) and passes read again; wh01 ships it with the
 * carrier's tracking number; the customer sends one piece back: wh01 adds the return on its screen,
 * the return bench reads the piece, wh01 receives and inspects it — restocked. At ST001, store01
 * opens a pickup order's pick list (where the store's readers see its pieces), makes it ready and
 * hands it over once the customer's ID is checked.
 */
import type { Lang } from '@tagloom/domain';
import { ORDER_CHANNEL, ORDER_STATUS as S } from '@tagloom/domain/resources/logistics/customer-order.ts';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.ts';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, signedIn, tokenOf, withConsoleErrors } from './support/browser';
import { apiPost, clickInDialog, enumText, panelOf, rowAction, rowOf, save, screenOf, serverText, webText } from './support/general';
import { openScreen } from './support/screens';

const suite = e2eSuite();
type Row = Record<string, unknown>;

describe('customer orders', () => {
  it('an online order is accepted, packed by its read (a short read refused, read again), shipped, and one piece returned, received and restocked', async () => {
    const lang: Lang = 'en_US';
    const ORDERS = 'logistics/ecom-delivery';
    const RETURNS = 'logistics/ecom-return';
    const admin = await signedIn(suite, 'demo', 'demo123', { lang });
    const { page, context, errors } = await signedIn(suite, 'wh01', 'demo1234', { lang, path: `/${ORDERS}` });
    try {
      const adminToken = await tokenOf(admin.context);
      const api = async (url: string, body: unknown) => {
        const r = await apiPost(admin.page, adminToken, url, body);
        expect(r.code, `${url}: ${JSON.stringify(r)}`).toBe(200);
        return r.data;
      };
      const [ec] = (await api('/api/rfid/equipment/list', { page: 1, pageSize: 10, equipmentCoding: 'TUN-WH01-EC1' })).list as Row[];
      const key = String((await api('/api/rfid/equipment/rotate-token', { id: ec.id })).deviceToken);
      const device = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${suite.server.url}${url}`, {
          method: 'POST',
          headers: {
            'x-device-key': key,
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            langeType: 'en_US',
            ...headers,
          },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      };
      let batch = 0;
      /** A number scanned at the e-commerce tunnel, these pieces read, the session closed; the scan's answer when refused. */
      const readAt = async (subjectType: string, code: string, epcs: string[]) => {
        const opened = await device('/api/rfid/sessions', { subjectType, subjectCode: code });
        if (opened.status !== 200) return opened;
        const at = new Date(Date.now() - 1000).toISOString().replace('Z', '+0000');
        const read = await device(
          '/api/rfid/ingest/zebra',
          epcs.map((epc) => ({ timestamp: at, type: 'SIMPLE', data: { idHex: epc, antenna: 1, peakRssi: -50, reads: 2 } })),
          { 'idempotency-key': `e2e-orders-${++batch}` },
        );
        expect(read.status, JSON.stringify(read.body)).toBeLessThan(300);
        const closed = await device(`/api/rfid/sessions/${opened.body.data.session.id}/close`, {});
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        return opened;
      };

      // the shop's order: three fresh tags' pieces (their SKUs, as many as the tags)
      const tags = (await api('/api/label/tid-binding/list', { page: 1, pageSize: 3, status: 1 })).list as Row[];
      expect(tags).toHaveLength(3);
      const epcs = tags.map((t) => String(t.epc));
      const qty = new Map<number, number>();
      for (const t of tags) qty.set(Number(t.skuId), (qty.get(Number(t.skuId)) ?? 0) + 1);
      const [wh] = (await api('/api/tenant/warehouse/list', { page: 1, pageSize: 10, code: 'WH01' })).list as Row[];
      const order = (await api(`/api/${ORDERS}/create`, {
        channel: ORDER_CHANNEL.ECOM,
        fulfilSiteId: wh.id,
        customerName: '林晓雯',
        customerPhone: '13816802468',
        address: '上海市徐汇区漕溪北路 595 号 2 号楼 910 室',
        lines: [...qty].map(([skuId, n]) => ({ skuId, qty: n })),
      })) as Row;
      const orderNo = String(order.orderNo);
      const state = (row: Locator) => row.locator('.resource-status').first().textContent();
      await openScreen(page, ORDERS);
      const row = rowOf(page, ORDERS, orderNo);
      await expect.poll(() => state(row)).toBe(enumText('CustomerOrderStatus', S.NEW, lang));
      // the customer's name and phone are masked in the list
      expect(await row.textContent()).not.toContain('13816802468');

      // a read before it is accepted is refused with the spec's words; then wh01 accepts it
      const early = await readAt('order', orderNo, epcs);
      expect(early.status).toBe(409);
      expect(early.body.msg).toBe(serverText(lang, 'customerOrder.acceptFirst', { code: orderNo }));
      await rowAction(page, row, 'accept');
      await expect.poll(() => state(row)).toBe(enumText('CustomerOrderStatus', S.ACCEPTED, lang));

      // one piece short at the tunnel: picking, its pack check short; read again whole: packed
      await readAt('order', orderNo, epcs.slice(0, 2));
      await expect.poll(() => state(row)).toBe(enumText('CustomerOrderStatus', S.PICKING, lang));
      await expect.poll(() => row.textContent()).toContain(enumText('CartonResult', CARTON_RESULT.SHORT, lang));
      await readAt('order', orderNo, epcs);
      await expect.poll(() => state(row)).toBe(enumText('CustomerOrderStatus', S.PACKED, lang));
      await expect.poll(() => row.textContent()).toContain(enumText('CartonResult', CARTON_RESULT.MATCHED, lang));

      // shipped with its carrier and tracking number
      await rowAction(page, row, 'ship');
      const fields = page.getByTestId('transition-fields');
      await fields.locator('#carrier').fill('顺丰速运');
      await fields.locator('#trackingNo').fill('SF1408826715342');
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(() => state(row)).toBe(enumText('CustomerOrderStatus', S.SHIPPED, lang));
      await expect.poll(() => row.textContent()).toContain('SF1408826715342');

      // the customer sends the first piece back: wh01 adds the return, naming the order
      await openScreen(page, RETURNS);
      const returns = screenOf(page, RETURNS);
      await returns.getByTestId('resource-add').click();
      const form = panelOf(page);
      await form.getByTestId('field-originalOrderNo').fill(orderNo);
      await form.getByTestId('field-customerName').fill('林晓雯');
      await form.getByTestId('field-customerPhone').fill('13816802468');
      await save(page, form);
      const ret = ((await api(`/api/${RETURNS}/list`, { page: 1, pageSize: 5, originalOrderNo: orderNo })).list as Row[])[0];
      expect(ret).toBeTruthy();
      const retRow = rowOf(page, RETURNS, String(ret.orderNo));
      await expect.poll(() => state(retRow)).toBe(enumText('CustomerOrderStatus', S.NEW, lang));
      // receiving before its pieces are read is refused, saying why (the toolbar's button for the chosen row)
      await retRow.locator('.ant-checkbox-input').check();
      const receive = returns.getByTestId('resource-action-receive');
      await expect.poll(() => receive.isDisabled()).toBe(true);
      await receive.hover({ force: true });
      await expect.poll(() => page.locator('.ant-tooltip:visible').last().textContent()).toBe(webText(lang, 'customerOrder.returnNotRead'));
      await retRow.locator('.ant-checkbox-input').uncheck();
      // the return bench reads the piece: one returned, on the order
      await readAt('return', String(ret.orderNo), [epcs[0]]);
      // the list follows the read: one piece read, none off the order
      const headers = await returns.locator('.ant-table-thead th').allTextContents();
      const cell = (title: string) => retRow.locator('td').nth(headers.findIndex((h) => h.trim() === title));
      await expect.poll(() => cell('Read').textContent()).toBe('1');
      expect(await cell('Mismatch').textContent()).toBe('0');
      await rowAction(page, retRow, 'receive');
      await expect.poll(() => state(retRow)).toBe(enumText('CustomerOrderStatus', S.RECEIVED, lang));
      await rowAction(page, retRow, 'inspect');
      const radio = (text: string) => page.getByTestId('transition-fields').locator('.ant-radio-wrapper').filter({ hasText: text });
      await radio(enumText('ReturnInspection', 1, lang)).click();
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(() => state(retRow)).toBe(enumText('CustomerOrderStatus', S.RESTOCKED, lang));
      // (the refusals are the ones expected: the read before acceptance, 409)
      expect(errors.filter((m) => !/status of (400|409)/.test(m))).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
      await admin.context.close();
    }
  });

  it("store01 finds a pickup order's pieces, makes it ready and hands it over once the customer's ID is checked; receives an order shipped to the store", async () => {
    const lang: Lang = 'zh_CN';
    const O2O = 'store/o2o-delivery';
    const { page, context, errors } = await signedIn(suite, 'store01', 'demo1234', { lang, path: `/${O2O}` });
    try {
      const token = await tokenOf(context);
      const packed = (
        (await apiPost(page, token, `/api/${O2O}/list`, { page: 1, pageSize: 50, status: S.PACKED, channel: ORDER_CHANNEL.BOPIS })).data
          .list as Row[]
      )[0];
      expect(packed).toBeTruthy();
      await openScreen(page, O2O);
      const row = rowOf(page, O2O, String(packed.orderNo));
      const state = () => row.locator('.resource-status').first().textContent();
      // its pick list: each line and where the store's readers see the SKU
      await row.getByTestId('o2o-find-open').click();
      const drawer = page.getByTestId('o2o-find');
      await expect.poll(() => drawer.locator('.ant-table-row').count()).toBeGreaterThan(0);
      await expect.poll(() => drawer.getByTestId('o2o-find-place').count()).toBeGreaterThan(0);
      await drawer.locator('.ant-drawer-close').click();
      await rowAction(page, row, 'ready');
      await expect.poll(() => state()).toBe(enumText('CustomerOrderStatus', S.READY_FOR_PICKUP, lang));
      // handed over: the ID not checked is refused on its field, checked it passes
      await rowAction(page, row, 'handover');
      const fields = page.getByTestId('transition-fields');
      const radio = (text: string) => fields.locator('.ant-radio-wrapper').filter({ hasText: text });
      await radio(enumText('YesNo', 0, lang)).click();
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect
        .poll(async () => (await page.locator('.ant-form-item-explain-error, .ant-message-error').allTextContents()).join(' '))
        .toContain(serverText(lang, 'customerOrder.idNotChecked'));
      await radio(enumText('YesNo', 1, lang)).click();
      await clickInDialog(page.getByTestId('machine-confirm-ok'));
      await expect.poll(() => state()).toBe(enumText('CustomerOrderStatus', S.PICKED_UP, lang));

      // an order WH01 shipped to ST001 arrives: received, ready for pickup
      const RECEIPTS = 'store/o2o-receiving';
      const shipped = (
        (await apiPost(page, token, `/api/${RECEIPTS}/list`, { page: 1, pageSize: 50, status: S.SHIPPED })).data.list as Row[]
      )[0];
      expect(shipped).toBeTruthy();
      await openScreen(page, RECEIPTS);
      const arrived = rowOf(page, RECEIPTS, String(shipped.orderNo));
      await rowAction(page, arrived, 'receive');
      await expect
        .poll(() => arrived.locator('.resource-status').first().textContent())
        .toBe(enumText('CustomerOrderStatus', S.READY_FOR_PICKUP, lang));
      expect(errors.filter((m) => !/status of 400/.test(m))).toEqual([]);
    } catch (err) {
      throw withConsoleErrors(err, errors);
    } finally {
      await context.close();
    }
  });
});

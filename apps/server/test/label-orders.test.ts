import { decodeEpc, LABEL_ORDER } from '@tagloom/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect width="40" height="60" fill="#fff"/><text x="4" y="20">LM</text></svg>';

describe('label purchase orders: from draft to EPCs, print file and receipt', () => {
  let t: TestApp;
  let demo: string;
  let supplier: string;
  let skus: { id: number; gtin: string; skuBarcode: string }[];
  let supplierId: number;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    supplier = await t.login('supplier01', 'demo1234');
    const list = await t.call('POST', '/api/tenant/goods-sku/list', { token: demo, body: { page: 1, pageSize: 3 } });
    skus = list.body.data.list;
    const sup = await t.call('POST', '/api/tenant/label-supplier/list', { token: demo, body: { page: 1, pageSize: 20, code: 'LS01' } });
    supplierId = sup.body.data.list.find((r: { code: string }) => r.code === 'LS01').id;
  }, 120_000);
  afterAll(() => t?.close());

  const act = (token: string, code: string, action: string, body: Record<string, unknown>) =>
    t.call('POST', `/api/${code}/${action}`, { token, body, lang: 'en_US' });

  it('numbers an order, keeps its totals from the lines with the loss ratio, and edits only drafts', async () => {
    const res = await act(demo, 'label/purchase-order', 'create', {
      kind: 1,
      lossRatio: 5,
      lines: [
        { skuId: skus[0].id, quantity: 100 },
        { skuId: skus[1].id, quantity: 7 },
      ],
    });
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.code).toMatch(/^LPO\d{8}\d{4}$/);
    expect(o.skuCount).toBe(2);
    expect(o.totalQuantity).toBe(107);
    expect(o.labelQuantity).toBe(105 + 8); // ceil(100 × 1.05) + ceil(7 × 1.05)
    // no supplier yet: submitting is refused with the reason
    const refused = await act(demo, 'label/purchase-order', 'submit', { id: o.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/supplier/i);
    await t.call('POST', '/api/label/purchase-order/delete', { token: demo, body: { ids: [o.id] } });
  });

  it('runs the whole story: submit, accept, sketch, confirm, Get EPC, print file, ship, receive', async () => {
    const created = await act(demo, 'label/purchase-order', 'create', {
      kind: 1,
      supplierId,
      lossRatio: 3,
      lines: [
        { skuId: skus[0].id, quantity: 40 },
        { skuId: skus[1].id, quantity: 10 },
      ],
    });
    const id = created.body.data.id;
    const labels = created.body.data.labelQuantity;
    expect(labels).toBe(Math.ceil(40 * 1.03) + Math.ceil(10 * 1.03));
    // a draft is the brand's own: the supplier's view shows it once submitted
    const before = await t.call('POST', '/api/supply/label-order/list', { token: supplier, body: { page: 1, pageSize: 100 } });
    expect(before.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await act(demo, 'label/purchase-order', 'submit', { id })).status).toBe(200);
    // submitted: no more a draft, so no more deleted; the supplier sees it in its view and accepts it
    expect((await t.call('POST', '/api/label/purchase-order/delete', { token: demo, body: { ids: [id] } })).status).toBe(409);
    const seen = await t.call('POST', '/api/supply/label-order/list', { token: supplier, body: { page: 1, pageSize: 50 } });
    expect(seen.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await act(supplier, 'supply/label-order', 'accept', { id })).status).toBe(200);
    // the brand cannot confirm before the sketch is confirmed
    const early = await act(demo, 'label/purchase-order', 'confirm', { id });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/sketch/i);
    // the supplier uploads its SVG sketch for the order; the brand confirms it
    const up = multipart('hang-tag.svg', Buffer.from(SVG));
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/label/sketch/upload?field=file',
      headers: { ...up.headers, token: supplier },
      payload: up.payload,
    });
    expect(file.statusCode).toBe(200);
    const sketch = await act(supplier, 'label/sketch', 'create', { orderId: id, name: '吊牌 V1', file: file.json().data.id });
    expect(sketch.status).toBe(200);
    expect(sketch.body.data.supplierId).toBe(supplierId);
    expect((await act(demo, 'label/sketch', 'confirm', { id: sketch.body.data.id })).status).toBe(200);
    // confirmed sketches allow nothing more
    expect((await act(demo, 'label/sketch', 'update', { id: sketch.body.data.id, name: 'x' })).status).toBe(409);
    expect((await act(demo, 'label/purchase-order', 'confirm', { id })).status).toBe(200);
    // Get EPC: a job; the order says which, and moves on when it ends
    const gen = await act(demo, 'label/purchase-order', 'generateEpc', { id });
    expect(gen.status).toBe(200);
    const jobId = gen.body.data.epcJobId;
    expect(jobId).toBeTruthy();
    await vi.waitFor(
      async () => {
        const job = await t.call('GET', `/api/jobs/${jobId}`, { token: demo });
        expect(job.body.data.state).toBe('done');
      },
      { timeout: 60_000, interval: 200 },
    );
    const order = (await t.call('GET', `/api/label/purchase-order/get?id=${id}`, { token: demo })).body.data;
    expect(order.status).toBe(LABEL_ORDER.EPC_GENERATED);
    expect(order.epcCount).toBe(labels);
    // a print task of the order's EPCs: confirmed, its ZPL file writes each EPC and reads the TID back
    const task = await act(supplier, 'label/print-task', 'create', { orderId: id });
    expect(task.status).toBe(200);
    expect(task.body.data.labelCount).toBe(labels);
    const unconfirmed = await t.app.inject({
      method: 'GET',
      url: `/api/label/print-task/zpl?id=${task.body.data.id}`,
      headers: { token: supplier, langeType: 'en_US' },
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().msg).toMatch(/Unconfirmed-status print tasks exist/);
    expect((await act(supplier, 'label/print-task', 'confirm', { id: task.body.data.id })).status).toBe(200);
    const zpl = await t.app.inject({
      method: 'GET',
      url: `/api/label/print-task/zpl?id=${task.body.data.id}`,
      headers: { token: supplier },
    });
    expect(zpl.statusCode).toBe(200);
    const written = checkZpl(zpl.body);
    expect(written.length).toBe(labels);
    expect(new Set(written).size).toBe(labels);
    const gtins = new Set(skus.slice(0, 2).map((s) => s.gtin.padStart(14, '0')));
    for (const epc of written) expect(gtins.has(String(decodeEpc(epc).gtin))).toBe(true);
    // the supplier moves it on and ships it with its express number; the brand signs for it
    for (const a of ['prepare', 'produce', 'complete']) expect((await act(supplier, 'supply/label-order', a, { id })).status).toBe(200);
    const noNumber = await act(supplier, 'supply/label-order', 'ship', { id, expressCompany: '顺丰速运' });
    expect(noNumber.status).toBe(400);
    expect((await act(supplier, 'supply/label-order', 'ship', { id, expressCompany: '顺丰速运', expressNo: 'SF1234567890' })).status).toBe(
      200,
    );
    expect((await act(supplier, 'supply/label-order', 'ship', { id, expressCompany: '顺丰速运', expressNo: 'SF1234567890' })).status).toBe(
      409,
    );
    const shipped = await t.call('POST', '/api/label/receive-send/list', { token: demo, body: { page: 1, pageSize: 50 } });
    expect(shipped.body.data.list.find((r: { id: number }) => r.id === id)?.expressNo).toBe('SF1234567890');
    expect((await act(demo, 'label/receive-send', 'receive', { id })).status).toBe(200);
    const done = (await t.call('GET', `/api/label/purchase-order/get?id=${id}`, { token: demo })).body.data;
    expect(done.status).toBe(LABEL_ORDER.SIGNED);
  }, 120_000);
});

/**
 * A ZPL checker for RFID labels (no open-source renderer checks RFID commands): splits the file
 * into labels (^XA … ^XZ) and proves each sets up the Gen 2 encoder, writes exactly one EPC in hex
 * (^RFW,H), reads 12 bytes of the TID bank into field 1 and sends it back (^HV1); answers the EPCs.
 */
function checkZpl(file: string): string[] {
  const labels = file
    .split('^XZ')
    .map((s) => s.trim())
    .filter(Boolean);
  return labels.map((label, i) => {
    expect(label.startsWith('^XA'), `label ${i + 1} starts with ^XA`).toBe(true);
    expect(label).toContain('^RS8');
    const writes = [...label.matchAll(/\^RFW,H,,,A\^FD([0-9A-F]+)\^FS/g)];
    expect(writes.length, `label ${i + 1} writes one EPC`).toBe(1);
    expect(label).toMatch(/\^FN1\^RFR,H,0,12,2\^FS/);
    expect(label).toMatch(/\^HV1,24,TID:/);
    expect(label.indexOf('^RFW')).toBeLessThan(label.indexOf('^RFR'));
    return writes[0][1];
  });
}

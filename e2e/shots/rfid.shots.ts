/**
 * The raw-data screen's Live view with reads arriving (the screen crawl shows it without), at 1366
 * and 390 px in the three languages: the store's handheld (HH-03) sends a batch of reads of the demo's tags.
 */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn, tokenOf } from '../support/browser';
import { apiPost } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`the live view in ${lang}`, async () => {
    for (const width of [1366, 390]) {
      const { page, context } = await signedIn(suite, 'demo', 'demo123', {
        lang,
        width,
        height: width < 500 ? 844 : 800,
        path: '/rfid/raw-data',
      });
      const token = await tokenOf(context);
      const readers = await apiPost(page, token, '/api/rfid/equipment/list', { page: 1, pageSize: 100 });
      const hh = readers.data.list.find((r: { equipmentCoding: string }) => r.equipmentCoding === 'HH-03');
      const { deviceToken } = (await apiPost(page, token, '/api/rfid/equipment/rotate-token', { id: hh.id })).data;
      const tags = (await apiPost(page, token, '/api/label/tid-binding/list', { pageSize: 12 })).data.list as { epc: string }[];
      await page.getByTestId('raw-live-tab').click();
      await page.getByTestId('raw-live-state').locator('.ant-badge-status-success').waitFor();
      const at = new Date().toISOString();
      await fetch(`${suite.server.url}/api/rfid/ingest/impinj`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}` },
        body: JSON.stringify(
          tags.map((t, i) => ({
            timestamp: at,
            eventType: 'tagInventory',
            tagInventoryEvent: { epcHex: t.epc, antennaPort: 1 + (i % 2), peakRssiCdbm: -5200 + i * 100 },
          })),
        ),
      });
      await page
        .getByTestId('raw-live-table')
        .locator('.ant-table-row')
        .nth(tags.length - 1)
        .waitFor();
      await shot(page, `rfid-live-${lang}-${width}`);
      await context.close();
    }
  });

/**
 * The label order wizard's three steps filled in (the screen crawl shows it empty): a commodity
 * order's lines, the sample card step and the supplier and shipping step, in the three languages.
 * Nothing is submitted.
 */
import { it } from 'vitest';
import { e2eSuite, shot, signedIn, tokenOf } from '../support/browser';
import { apiPost, pick } from '../support/general';
import { LANGS } from '../support/screens';

const suite = e2eSuite();

for (const lang of LANGS)
  it(`the wizard's steps in ${lang}`, async () => {
    const { page, context } = await signedIn(suite, 'demo', 'demo123', { lang, height: 900, path: '/label/purchase-order-wizard' });
    const orders = await apiPost(page, await tokenOf(context), '/api/supply/purchase-order/list', { page: 1, pageSize: 50 });
    const usable = orders.data.list.find((o: { status: number; totalQuantity: number }) => o.status !== 3 && o.totalQuantity > 0);
    await page.getByTestId('wizard-order-pick').click();
    await page.keyboard.type(usable.code);
    await pick(page, page.getByTestId('wizard-order-pick'), usable.code);
    await page.getByTestId('wizard-order-add').click();
    await page.getByTestId('wizard-lines').locator('.ant-table-row').first().waitFor();
    await shot(page, `label-orders-wizard-lines-${lang}`);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-sample-card').waitFor();
    await shot(page, `label-orders-wizard-card-${lang}`);
    await page.getByTestId('wizard-next').click();
    await pick(page, page.getByTestId('wizard-supplier'));
    await page.getByTestId('wizard-shipping-name').fill('王建华');
    await page.getByTestId('wizard-shipping-address').fill('浙江省宁波市北仑区甬江路 18 号');
    await shot(page, `label-orders-wizard-shipping-${lang}`);
    await context.close();
  });

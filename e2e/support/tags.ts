/** The console's tag bar (opened pages) as the shell stories drive it. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The paths of the tags, in order. */
export const tags = (page: Page) => page.getByTestId('tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
export const tag = (page: Page, path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
/** The dropdown open now (a menu fading out is hidden). */
export const openDropdown = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/** Whether the tag of `path` lies wholly inside the visible part of the tag bar. */
export async function tagInView(page: Page, path: string): Promise<boolean> {
  return page.evaluate((p) => {
    const box = document.querySelector('[data-testid="tags-scroll"]')?.getBoundingClientRect();
    const el = document.querySelector(`[data-testid="tag"][data-path="${p}"]`)?.getBoundingClientRect();
    return !!box && !!el && el.left >= box.left - 1 && el.right <= box.right + 1;
  }, path);
}

/**
 * Picks `item` of a dropdown menu until `done` holds, opening the menu with `open` while none is
 * shown: a click that opens it while the tag bar still scrolls, or a click on a menu still moving in
 * (under the top navigation, beside the item), is lost and made again.
 */
export async function menuUntil(
  page: Page,
  open: () => Promise<unknown>,
  item: string | ((menu: Locator) => Locator),
  done: () => Promise<boolean>,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return 'done';
        const menu =
          typeof item === 'string' ? openDropdown(page).getByRole('menuitem', { name: item, exact: true }) : item(openDropdown(page));
        if (await menu.count()) {
          await menu.click({ timeout: 3_000 }).catch(() => undefined);
          return 'picked';
        }
        await open().catch(() => undefined);
        return 'opening';
      },
      { timeout: 30_000 },
    )
    .toBe('done');
}

/** Picks `item` in the context menu of the tag of `path` until `done` holds (menuUntil). */
export async function tagMenuUntil(
  page: Page,
  path: string,
  item: string | ((menu: Locator) => Locator),
  done: () => Promise<boolean>,
): Promise<void> {
  await menuUntil(
    page,
    async () => {
      if (await tagInView(page, path)) await tag(page, path).click({ button: 'right', timeout: 3_000 });
    },
    item,
    done,
  );
}

/** Picks `item` (a label, or a finder in the menu) under the tag bar's "more" until `done` holds (menuUntil). */
export const moreMenuUntil = (page: Page, item: string | ((menu: Locator) => Locator), done: () => Promise<boolean>) =>
  menuUntil(page, () => page.getByTestId('tags-more').click({ timeout: 3_000 }), item, done);

/** A `done` for tagMenuUntil: the tags are these. */
export const tagsAre = (page: Page, expected: string[]) => async () => JSON.stringify(await tags(page)) === JSON.stringify(expected);

/**
 * The generic resource page's story (support/a-generic.ts) on the tenant's screens outside the label
 * module (supply, tenant data …), signed in as the DEMO tenant's admin: each is in the menu, lists its
 * seeds, adds, edits, refuses a bad entry and deletes.
 */
import { describe } from 'vitest';
import { GENERIC, genericStories } from './support/a-generic';
import { e2eSuite } from './support/browser';

const suite = e2eSuite();
const SCREENS = GENERIC.filter((r) => r.owner === 'tenant' && !r.code.startsWith('label/'));

describe('every generic screen of the tenant outside the label module', () => {
  genericStories(suite, SCREENS);
});

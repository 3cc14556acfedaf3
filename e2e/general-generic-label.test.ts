/**
 * The generic resource page's story (support/a-generic.ts) on the tenant's label screens, signed in as
 * the DEMO tenant's admin: each is in the menu, lists its seeds, adds, edits, refuses a bad entry and
 * deletes. (general.test.ts holds the platform's screens, general-generic-tenant.test.ts the rest.)
 */
import { describe } from 'vitest';
import { GENERIC, genericStories } from './support/a-generic';
import { e2eSuite } from './support/browser';

const suite = e2eSuite();

describe('every generic screen of the label module', () => {
  genericStories(
    suite,
    GENERIC.filter((r) => r.owner === 'tenant' && r.code.startsWith('label/')),
  );
});

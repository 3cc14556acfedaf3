/**
 * Every screen of the menu in Chinese, half of each module's screens in Simplified and the other half in
 * Traditional (the catalogs hold the same keys, so a key shown raw shows in both): no catalog key or raw
 * value on show.
 */
import { expect, it } from 'vitest';
import { e2eSuite, signedIn } from './support/browser';
import { languageStories } from './support/screens';

const suite = e2eSuite();
languageStories(suite, ['zh_CN', 'zh_TW'], (_s, i, lang) => i % 2 === (lang === 'zh_CN' ? 0 : 1), { it, expect, signedIn });

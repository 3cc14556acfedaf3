/**
 * Each module in Chinese, a story per language: a quarter of its screens in Simplified and another
 * quarter in Traditional (a module of one or two screens shows each), no catalog key or raw value on
 * show. Every screen is opened in English (languages-en.test.ts), where a key shown raw or a raw value
 * shows too; the catalog check holds the three languages to the same keys.
 */
import { expect, it } from 'vitest';
import { e2eSuite, keptSignedIn } from './support/browser';
import { languageStories } from './support/screens';

const suite = e2eSuite();
languageStories(suite, ['zh_CN', 'zh_TW'], (_s, i, lang) => i % 4 === (lang === 'zh_CN' ? 0 : 1), { it, expect, keptSignedIn });

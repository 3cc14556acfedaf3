import { labelTemplateResource, TEMPLATE_SCREENS } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { barcodeReplaceHooks, reprintHooks, templateHooks } from './hooks.js';
import { seedTemplatesDemo } from './seed.js';

/**
 * The templates area of the label module: label templates (five screens over one table; the print
 * spec in ./service.ts), certificate sample cards, barcode replacements, supplementary printing.
 */
export const templatesPart: ModulePart = {
  hooks: () => ({
    'label/replace-barcode': barcodeReplaceHooks,
    'label/supplementary-print': reprintHooks,
    ...Object.fromEntries(TEMPLATE_SCREENS.map((d) => [d.code, templateHooks])),
    // all the label templates whatever their category, read-only (list, get, export, reference
    // options): what sample cards and label orders point at; rows are written on the five category screens
    [labelTemplateResource.code]: { omitRoutes: ['create', 'update', 'delete', 'template', 'import'] },
  }),
  seedDemo: (tx, tenant) => seedTemplatesDemo(tx, tenant),
};

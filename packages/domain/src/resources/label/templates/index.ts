import type { AnyResourceDef } from '../../module.js';
import { sampleCardResource } from './sample-card.js';
import { labelTemplateResource, TEMPLATE_SCREENS } from './template.js';
import { barcodeReplaceResource, reprintResource } from './tools.js';

export * from './enums.js';
export * from './sample-card.js';
export * from './template.js';
export * from './tools.js';

/**
 * The templates area of the label module served by the generic routes: the five label template
 * screens (rows of one table by category), certificate sample cards, barcode replacements and
 * supplementary printing.
 */
export const templatesResources: readonly AnyResourceDef[] = [
  ...TEMPLATE_SCREENS,
  sampleCardResource,
  barcodeReplaceResource,
  reprintResource,
];
/** All the label templates whatever their category (reference pickers, the print service): read-only routes of the area. */
export const templatesCustom: readonly AnyResourceDef[] = [labelTemplateResource];

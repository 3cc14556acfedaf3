import {
  accessoriesTemplateResource,
  barcodeReplaceResource,
  clothingTemplateResource,
  glovesTemplateResource,
  hatBagTemplateResource,
  labelTemplateResource,
  reprintResource,
  sampleCardResource,
  shoesTemplateResource,
} from '@tagloom/domain';
import { resourceTable, rowsOfTable } from '../../../db/resource-table.js';
// sample cards point at goods, tools at SKUs: their tables first
import '../../tenant/tables.js';

/** Tables of the templates area (re-exported by ../tables.ts so drizzle-kit sees them). */
export const labelTemplates = resourceTable(labelTemplateResource);
// the five template screens are the rows of one category each
rowsOfTable(clothingTemplateResource);
rowsOfTable(accessoriesTemplateResource);
rowsOfTable(glovesTemplateResource);
rowsOfTable(hatBagTemplateResource);
rowsOfTable(shoesTemplateResource);
export const labelSampleCards = resourceTable(sampleCardResource);
export const labelBarcodeReplacements = resourceTable(barcodeReplaceResource);
export const labelReprints = resourceTable(reprintResource);

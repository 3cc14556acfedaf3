import { labelTemplateResource, TEMPLATE_SCREENS } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../app.js';
import type { ModulePart } from '../../../core/module.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { ResourceService } from '../../../core/resource/service.js';
import { barcodeReplaceHooks, reprintHooks, templateHooks } from './hooks.js';
import { seedTemplatesDemo } from './seed.js';
import { labelTemplates } from './tables.js';

/**
 * All the label templates whatever their category, read-only (list, get, export, reference options):
 * what sample cards and label orders point at. Rows are written on the five category screens.
 */
const templateRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  await app.register(resourceRoutes, {
    service: new ResourceService(app.ctx, labelTemplateResource, labelTemplates as never, {
      omitRoutes: ['create', 'update', 'delete', 'template', 'import'],
    }),
  });
};

/**
 * The templates area of the label module: label templates (five screens over one table; the print
 * spec in ./service.ts), certificate sample cards, barcode replacements, supplementary printing.
 */
export const templatesPart: ModulePart = {
  hooks: () => ({
    'label/replace-barcode': barcodeReplaceHooks,
    'label/supplementary-print': reprintHooks,
    ...Object.fromEntries(TEMPLATE_SCREENS.map((d) => [d.code, templateHooks])),
  }),
  routes: [templateRoutes],
  seedDemo: (tx, tenant) => seedTemplatesDemo(tx, tenant),
};

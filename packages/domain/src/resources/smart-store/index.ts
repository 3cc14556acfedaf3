import { defineDomainModule } from '../module.js';
import { smartStoreMenu } from './_menu.js';
import { fittingArchiveResource, fittingSessionResource } from './fitting.js';

export * from './fitting.js';
export { smartStoreMenu };

/** The smart-store module: its menu and the fitting rooms' screens (archives, sessions; the reports and raw reads have routes of their own). */
export const smartStoreModule = defineDomainModule({
  code: 'smart-store',
  menu: smartStoreMenu,
  resources: [fittingArchiveResource, fittingSessionResource],
});

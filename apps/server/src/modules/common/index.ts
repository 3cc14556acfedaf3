import { defineModule } from '../../core/module.js';
import { commonRoutes } from './routes.js';

/** Health, version, enums and other public basics. */
export const commonModule = defineModule({ code: 'common', routes: [commonRoutes] });

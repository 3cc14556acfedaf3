import { dashboardModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { dashboardRoutes } from './routes.js';

/** The Dashboard module: the admin and editor dashboards. */
export const dashboardModule = defineModule({ code: 'dashboard', domain, routes: [dashboardRoutes] });

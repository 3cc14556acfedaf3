import { defineModule } from '../../core/module.js';
import { menuRoutes } from './routes.js';

/** The signed-in user's menu and buttons. */
export const menuModule = defineModule({ code: 'menu', routes: [menuRoutes] });

import { defineModule } from '../../core/module.js';
import { authRoutes } from './routes.js';

/** Sign-in, sign-out, single sign-on and the current user. */
export const authModule = defineModule({ code: 'auth', routes: [authRoutes] });

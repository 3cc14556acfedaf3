/** The declared resources, loaded with the resource chunk (zod stays out of /login). */
import { CUSTOM_RESOURCES, RESOURCES } from '@tagloom/domain/resources/index.ts';
import type { ResourceDef } from './types';

export { RESOURCES };
/**
 * The screens a declaration draws: those on the generic routes, and those a module serves itself
 * (a view with no Add, rows bound to an order) — not lines, which name their parent's screen.
 */
export const SCREEN_RESOURCES: ResourceDef[] = [...RESOURCES, ...CUSTOM_RESOURCES.filter((d) => !d.screen || d.screen === d.code)];
export const resourceOf = (code: string): ResourceDef | undefined => SCREEN_RESOURCES.find((r) => r.code === code);

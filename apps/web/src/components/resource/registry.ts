/** The declared resources, loaded with the resource chunk (zod stays out of /login). */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import type { ResourceDef } from './types';

export { RESOURCES };
export const resourceOf = (code: string): ResourceDef | undefined => RESOURCES.find((r) => r.code === code);

import { DATA_SOURCE_PASSWORD_MAX, dataSourceResource, type IssueLike } from '@tagloom/domain';
import type { AppContext } from '../../../core/context.js';
import { validationError } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { dataSourceSecrets } from './secret-box.js';

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Passwords are encrypted before they are written. An edit that leaves the password empty keeps
 * the stored one (the console never receives it, so it cannot send it back).
 */
export function dataSourceHooks(ctx: AppContext): ResourceHooks {
  const box = dataSourceSecrets(ctx);
  return {
    async beforeWrite(_tx, data, { session, existing, changes }) {
      if (existing && !changes) throw new Error('data-source hook needs the changes of an update');
      const target = existing ? changes! : data;
      if (blank(target.password)) {
        if (existing) delete target.password;
        else target.password = null;
        return;
      }
      const plain = String(target.password);
      if (plain.length > DATA_SOURCE_PASSWORD_MAX) {
        const tooLong: IssueLike & { max: number } = {
          code: 'custom',
          path: ['password'],
          message: 'validation.tooLong',
          max: DATA_SOURCE_PASSWORD_MAX,
        };
        throw validationError(session.lang, [tooLong], dataSourceResource.labels);
      }
      target.password = box.encrypt(plain);
    },
  };
}

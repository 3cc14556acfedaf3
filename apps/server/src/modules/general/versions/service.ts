import { VERSION_TYPES, type VersionType, versionResources } from '@tagloom/domain';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionInfo } from '../../../core/context.js';
import { conflict } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { files, softwareVersions } from '../../../db/schema/index.js';

type Row = Record<string, unknown>;

/** Version numbers are unique per software code within a type. */
export async function checkNumber(db: Tx, type: VersionType, data: Row, id?: number): Promise<void> {
  const [clash] = await db
    .select({ id: softwareVersions.id })
    .from(softwareVersions)
    .where(
      and(
        eq(softwareVersions.type, type),
        eq(softwareVersions.softwareCode, String(data.softwareCode)),
        eq(softwareVersions.versionNumber, Number(data.versionNumber)),
        id ? ne(softwareVersions.id, id) : undefined,
      ),
    );
  if (clash) throw conflict('version.numberTaken', { number: data.versionNumber, code: data.softwareCode });
}

/** What the list shows of a version's file (its name and size, who put it there and when), kept beside its id. */
async function fileColumns(tx: Tx, session: SessionInfo, fileId: unknown): Promise<Row> {
  if (fileId === null || fileId === undefined) return { fileName: '', fileSize: 0, uploadedPerson: '', uploadTime: null };
  const file = await PlatformScope.of(session, tx)
    .for(0)
    .first(files, eq(files.id, Number(fileId)));
  return file ? { fileName: file.name, fileSize: file.size, uploadedPerson: session.username, uploadTime: new Date() } : {};
}

/**
 * A version screen's rules on the generic service: its rows are those of its type in the shared
 * software_versions table, version numbers are unique per software code, and the file's name and
 * size follow its declared file field (`fileId`: kinds per type, same bytes refused).
 */
export function versionHooks(type: VersionType): ResourceHooks {
  return {
    scope: () => eq(softwareVersions.type, type),
    rowFields: { type: z.string() },
    // create takes JSON or multipart (modules/general/versions/routes.ts); no spreadsheet import/export
    omitRoutes: ['create', 'export', 'template', 'import'],
    async beforeWrite(tx, data, { session, existing, changes }) {
      await checkNumber(tx, type, data, existing?.id as number | undefined);
      if (!existing) Object.assign(data, { type }, 'fileId' in data ? await fileColumns(tx, session, data.fileId) : {});
      else if (changes && 'fileId' in changes && changes.fileId !== existing.fileId)
        Object.assign(changes, await fileColumns(tx, session, changes.fileId));
    },
  };
}

/** The four version screens (general/version-app, -web, -net, -java): their hooks, by screen code. */
export const versionScreensHooks = (): Record<string, ResourceHooks> =>
  Object.fromEntries(VERSION_TYPES.map((type) => [versionResources[type].code, versionHooks(type)]));

/**
 * The handheld's session document (operations.md F4) as the server checks it: the body of the
 * device's upload route and the file pad review uploads for a device that cannot post, one rule for
 * both; its fields' labels name them in refusals.
 */
import { normalizeHex } from '@tagloom/domain';
import { HANDHELD_MAX_READS } from '@tagloom/domain/rfid/sessions.js';
import { z } from 'zod';
import { EPC_ANY, fromCatalog } from '../state/routes.js';

const label = (field: string) => fromCatalog(`readSession.field.${field}`);
/** The labels of the sessions routes' fields (readSession.field.*), by key. */
export const SESSION_FIELD_LABELS = Object.fromEntries(
  [
    'equipment',
    'subjectType',
    'subjectCode',
    'subjectId',
    'kind',
    'id',
    'state',
    'after',
    'before',
    'limit',
    'deviceSessionId',
    'subject',
    'type',
    'code',
    'startedAt',
    'endedAt',
    'reads',
    'epc',
    'tid',
    'at',
    'rssi',
    'count',
  ].map((f) => [f, label(f)]),
);
// a read's fields inside the reads list ("EPC (row 3 of Reads)"), the subject's inside the subject
for (const [list, keys] of [
  ['reads', ['epc', 'tid', 'at', 'rssi', 'count']],
  ['subject', ['type', 'code']],
] as const)
  for (const k of keys) SESSION_FIELD_LABELS[`${list}.${k}`] = SESSION_FIELD_LABELS[k];

export const text = (max: number) => z.string().trim().min(1).max(max);
const epc = () =>
  z
    .string()
    .max(100)
    .refine((s) => EPC_ANY.test(normalizeHex(s)), { message: 'presence.epcShape' });
const at = () => z.iso.datetime({ offset: true });

/** A handheld's session: its header, and its reads when they come (absent: the header alone). */
export const handheldDocument = z.object({
  deviceSessionId: text(100),
  subject: z.object({ type: text(32), code: text(64) }).optional(),
  startedAt: at(),
  endedAt: at().optional(),
  reads: z
    .array(
      z.object({
        epc: epc(),
        tid: z
          .string()
          .max(128)
          .regex(/^[0-9A-Fa-f]*$/)
          .optional(),
        at: at(),
        rssi: z.number().min(-150).max(50).optional(),
        count: z.number().int().min(1).max(1_000_000).optional(),
      }),
    )
    .max(HANDHELD_MAX_READS)
    .optional(),
});

/**
 * The sheet worker: reads an import's workbook off the server's event loop and checks its rows
 * there too (the declaration's create rules, enum labels, duplicates within the
 * file: everything that needs no database). Started by ./run.ts (through ./boot.mjs) and kept warm
 * between files: it takes one task at a time (a file), answers pages of its lists until told the
 * task has ended, then waits for the next. It keeps nothing of a task once the next one begins.
 */
import { parentPort } from 'node:worker_threads';
import { checkRows } from '../resource/excel.js';
import { declaredResource } from './declarations.js';
import { SheetRefusal } from './limits.js';
import type { FromWorker, SheetList, SheetTask, ToWorker } from './messages.js';
import { readFirstSheet } from './read.js';

const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

/** The lists to fetch, or undefined when the file was refused (the refusal is sent). */
async function work(task: SheetTask): Promise<Partial<Record<SheetList, unknown[]>> | undefined> {
  try {
    const rows = readFirstSheet(Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength), task.limits);
    if (!task.check) {
      send({ kind: 'rows', count: rows.length });
      return { rows };
    }
    const def = declaredResource(task.check.code);
    if (!def) throw new Error(`no module declares ${task.check.code}`);
    const checked = checkRows(def, rows, task.check.lang, {
      start: (total) => send({ kind: 'checking', total }),
      progress: (done) => send({ kind: 'checked', done }),
    });
    send({ kind: 'done', total: checked.total, good: checked.good.length, errors: checked.errors.length });
    return { good: checked.good, errors: checked.errors };
  } catch (err) {
    if (!(err instanceof SheetRefusal)) throw err;
    send({ kind: 'refused', key: err.key, params: err.params });
    return undefined;
  }
}

/** the lists of the task in hand (none between tasks) */
let lists: Partial<Record<SheetList, unknown[]>> | undefined;
port.on('message', async (m: ToWorker) => {
  if (m.kind === 'task') {
    lists = undefined;
    lists = await work(m.task);
  } else if (m.kind === 'page') send({ kind: 'page', rows: (lists?.[m.list] ?? []).slice(m.from, m.from + m.count) });
  else lists = undefined;
});
send({ kind: 'ready' });

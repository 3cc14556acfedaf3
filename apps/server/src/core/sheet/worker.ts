/**
 * The sheet worker: reads an import's workbook off the server's event loop and checks its rows
 * there too (the declaration's create rules, enum labels, duplicates within the
 * file: everything that needs no database). Started by ./run.ts (through ./boot.mjs), one worker
 * per file, stopped once its lists are fetched.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkRows } from '../resource/excel.js';
import { declaredResource } from './declarations.js';
import { SheetRefusal } from './limits.js';
import type { FromWorker, PageRequest, SheetList, SheetTask } from './messages.js';
import { readFirstSheet } from './read.js';

const port = parentPort!;
const task = workerData.task as SheetTask;
const send = (m: FromWorker) => port.postMessage(m);

/** The lists to fetch, or undefined when the file was refused (the refusal is sent). */
async function work(): Promise<Partial<Record<SheetList, unknown[]>> | undefined> {
  try {
    const rows = readFirstSheet(Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength), task.limits);
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

send({ kind: 'ready' });
const lists = await work();
if (lists) port.on('message', (m: PageRequest) => send({ kind: 'page', rows: (lists[m.list] ?? []).slice(m.from, m.from + m.count) }));

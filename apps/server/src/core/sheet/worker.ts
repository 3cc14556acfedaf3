/**
 * The sheet worker: reads the uploaded workbook off the server's event loop. Started by ./run.ts
 * (through ./boot.mjs), one worker per file, stopped once its rows are fetched.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SheetRefusal } from './limits.js';
import type { FromWorker, PageRequest, SheetTask } from './messages.js';
import { readFirstSheet } from './read.js';

const port = parentPort!;
const task = workerData.task as SheetTask;
const send = (m: FromWorker) => port.postMessage(m);

function read(): unknown[][] | undefined {
  try {
    return readFirstSheet(Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength), task.limits);
  } catch (err) {
    if (!(err instanceof SheetRefusal)) throw err;
    send({ kind: 'refused', key: err.key, params: err.params });
    return undefined;
  }
}

send({ kind: 'ready' });
const rows = read();
if (rows) {
  send({ kind: 'read', rows: rows.length });
  port.on('message', (m: PageRequest) => send({ kind: 'page', rows: rows.slice(m.from, m.from + m.count) }));
}

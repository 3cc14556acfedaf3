/**
 * The capture reader's worker thread (see read-pool.ts): reads a document as it comes into its
 * refusals and its chunks of stored rows.
 */
import { parentPort } from 'node:worker_threads';
import { EpcisProblem } from '@tagloom/domain';
import { prepareDocument } from './read.js';
import type { FromReader, ToReader } from './read-pool.js';

const port = parentPort!;
port.on('message', (m: ToReader) => {
  let reply: FromReader;
  try {
    reply = { id: m.id, prepared: prepareDocument(m.text, m.now, m.cpl) };
  } catch (err) {
    reply =
      err instanceof EpcisProblem
        ? { id: m.id, problem: err.problem }
        : { id: m.id, failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ id: 0, ready: true } satisfies FromReader);

/**
 * The ingestion parser's worker thread (see parse-pool.ts): parses the payloads it is sent with the
 * domain's formats.ts, encodes them for the ingestion statement (encode.ts) and answers each with
 * the result or its refusal, with the body's SHA-256.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { PayloadError, parsePayload } from '@tagloom/domain/rfid/formats.js';
import { encodePayload } from './encode.js';
import type { ParseReply, ParseRequest } from './parse-pool.js';

const port = parentPort!;
const decoder = new TextDecoder();
port.on('message', (m: ParseRequest) => {
  let reply: ParseReply;
  // the body's SHA-256 (parse-pool.ts bodyHash), taken here rather than on the event loop
  const hash = createHash('sha256').update(m.body).digest('hex');
  try {
    reply = { id: m.id, parsed: encodePayload(parsePayload(m.format, decoder.decode(m.body), m.limits)), hash };
  } catch (err) {
    reply =
      err instanceof PayloadError
        ? { id: m.id, refused: { reason: err.reason, params: err.params }, hash }
        : { id: m.id, failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ id: 0, ready: true } satisfies ParseReply);

/**
 * A live topic as Server-Sent Events (core/live.ts over core/sse.ts): what every module's live
 * route does the same way — subscribe to (tenant, topic) before the stream opens (so nothing
 * published meanwhile is lost: it waits), open the stream with `ready`, then send each message
 * as the route shapes it, one after another in the order they came.
 */
import { Code } from '@tagloom/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { LiveFullError, type LiveMessage, subscribeLive } from './live.js';
import { HEARTBEAT_MS, openStream, type Stream } from './sse.js';

export interface TopicStream<T> {
  tenantId: number;
  topic: string;
  /** the SSE event name of the messages */
  event: string;
  /** what `ready` says besides heartbeatMs */
  ready?: Record<string, unknown>;
  /**
   * A message as the user gets it, or undefined to skip it (not the user's: its scope, its
   * filter). May look things up: the next message waits for it. A failure skips the message.
   */
  shape(msg: LiveMessage<T>): unknown | Promise<unknown>;
}

/** Streams a topic's messages on the reply (hijacked); refuses 503 `live.tooManyStreams` when this process serves too many. */
export async function streamTopic<T>(
  ctx: Pick<AppContext, 'database' | 'log'>,
  reply: FastifyReply,
  open: Set<Stream>,
  o: TopicStream<T>,
): Promise<Stream> {
  let stream: Stream | undefined;
  const pending: LiveMessage<T>[] = [];
  let chain = Promise.resolve();
  const send = (msg: LiveMessage<T>) => {
    chain = chain.then(async () => {
      let data: unknown;
      try {
        data = await o.shape(msg);
      } catch (err) {
        ctx.log.warn({ err, topic: o.topic }, 'live stream: a message could not be shaped');
        return;
      }
      if (data !== undefined) stream?.send(o.event, data);
    });
  };
  let unsubscribe: (() => void) | undefined;
  try {
    unsubscribe = await subscribeLive<T>(ctx, o.tenantId, o.topic, (msg) => {
      if (stream) send(msg);
      else pending.push(msg);
    });
  } catch (err) {
    if (err instanceof LiveFullError) throw new AppError(503, Code.UNAVAILABLE, 'live.tooManyStreams');
    throw err;
  }
  stream = openStream(reply, open, () => unsubscribe?.());
  stream.send('ready', { ...o.ready, heartbeatMs: HEARTBEAT_MS });
  for (const msg of pending) send(msg);
  return stream;
}

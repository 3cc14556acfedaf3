/**
 * Server-Sent Events over a hijacked Fastify reply (the console reads them with fetch, its session
 * in the `token` header, which EventSource cannot send): a stream a module's live route writes
 * events to, with a heartbeat comment every HEARTBEAT_MS, ended on client abort or server stop.
 */
import type { FastifyReply } from 'fastify';

export const HEARTBEAT_MS = 15_000;

export interface Stream {
  send(event: string, data: unknown): void;
  close(): void;
  closed: boolean;
}

/** Turns the reply into an event stream (the hooks' headers kept); `onClose` runs once, whoever closes. */
export function openStream(reply: FastifyReply, open: Set<Stream>, onClose: () => void): Stream {
  reply.hijack();
  const res = reply.raw;
  const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
  delete headers['content-length'];
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const stream: Stream = {
    closed: false,
    send(event, data) {
      if (!stream.closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (stream.closed) return;
      stream.closed = true;
      clearInterval(heartbeat);
      open.delete(stream);
      onClose();
      res.end();
    },
  };
  open.add(stream);
  // the response's close: the client went away (or the stream ended); the request's own 'close'
  // fires once its (empty) body is read, so it says nothing about the connection
  res.on('close', () => stream.close());
  return stream;
}

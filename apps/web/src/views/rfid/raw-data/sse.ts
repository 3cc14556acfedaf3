/**
 * Reads a Server-Sent Events stream of the API with fetch (the session travels in the `token`
 * header, which EventSource cannot send): events parsed as they arrive, reconnecting after a
 * dropped connection (1 s, doubling up to 30 s) until the caller closes it.
 */

import { getLoginType, getToken } from '../../../app/auth';
import { currentLang } from '../../../app/i18n';
import { API_BASE } from '../../../domain';

export type StreamState = 'connecting' | 'open' | 'retrying' | 'closed';

export interface StreamHandlers {
  onEvent(event: string, data: unknown): void;
  onState?(state: StreamState, message?: string): void;
}

/** Parses "event:"/"data:" blocks out of a text buffer; returns what is left unparsed. */
export function parseSse(buffer: string, emit: (event: string, data: unknown) => void): string {
  let rest = buffer.replace(/\r\n/g, '\n');
  for (let i = rest.indexOf('\n\n'); i >= 0; i = rest.indexOf('\n\n')) {
    const block = rest.slice(0, i);
    rest = rest.slice(i + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!data.length) continue;
    try {
      emit(event, JSON.parse(data.join('\n')));
    } catch {
      emit(event, data.join('\n'));
    }
  }
  return rest;
}

/** Opens `path` (under /api) as an event stream; returns the function that closes it. */
export function openStream(path: string, handlers: StreamHandlers): () => void {
  let closed = false;
  let ctrl: AbortController | undefined;
  let retry = 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (closed) return;
    ctrl = new AbortController();
    handlers.onState?.('connecting');
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    const token = getToken();
    if (token) {
      headers.token = token;
      headers.loginType = getLoginType() ?? '1';
      headers.langeType = currentLang();
    }
    let message: string | undefined;
    try {
      const res = await fetch(`${API_BASE}${path}`, { headers, signal: ctrl.signal, cache: 'no-store' });
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        const body = (await res.json().catch(() => null)) as { msg?: string } | null;
        message = body?.msg || String(res.status);
      } else {
        handlers.onState?.('open');
        retry = 1000;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = parseSse(buffer + decoder.decode(value, { stream: true }), handlers.onEvent);
        }
      }
    } catch (err) {
      if (closed) return;
      message = (err as Error).message;
    }
    if (closed) return;
    handlers.onState?.('retrying', message);
    timer = setTimeout(() => void connect(), retry);
    retry = Math.min(retry * 2, 30_000);
  };
  void connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    ctrl?.abort();
    handlers.onState?.('closed');
  };
}

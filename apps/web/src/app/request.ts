/** The one way the console talks to the server (spec §7, §8): /api base, time-out, headers, error flows. */
import {
  API_BASE,
  Code,
  type Envelope,
  NETWORK_ERROR_MESSAGE_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_INVALID_CODES,
  SESSION_INVALID_MESSAGE_MS,
} from '../domain';
import { clearLocalSession, getLoginType, getToken, removeLoginType } from './auth';
import { bridge } from './bridge';
import i18n, { currentLang } from './i18n';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, string | number | boolean | undefined>;
  data?: unknown;
  /** do not show the server's message for a failed business code (the caller shows it) */
  silent?: boolean;
  /** false: a session-invalid answer only throws (the caller signs out), without the re-login prompt */
  sessionPrompt?: boolean;
}

/** A failed call: business code and message from the server, or a network/HTTP failure. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly kind: 'business' | 'session' | 'network',
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

let sessionPromptOpen = false;

function showSessionInvalid(msg: string): void {
  if (sessionPromptOpen) return;
  sessionPromptOpen = true;
  bridge.message?.error({ content: msg || 'Error', duration: SESSION_INVALID_MESSAGE_MS / 1000 });
  setTimeout(() => {
    // the modal lives in the layout (keeping it out of /login's bundle); without a layout there is no page to stay on
    if (!bridge.modal) {
      sessionPromptOpen = false;
      return;
    }
    bridge.modal.confirm({
      title: i18n.t('request.sessionTitle'),
      content: i18n.t('request.sessionInvalid'),
      okText: i18n.t('request.relogin'),
      cancelText: i18n.t('common.cancel'),
      onOk: () => {
        clearLocalSession();
        removeLoginType();
        window.location.reload();
      },
      onCancel: () => {
        sessionPromptOpen = false;
      },
    });
  }, SESSION_INVALID_MESSAGE_MS);
}

function networkFailure(msg: string): never {
  bridge.message?.error({ content: msg, duration: NETWORK_ERROR_MESSAGE_MS / 1000 });
  bridge.navigate?.(`/TipsError?message=${encodeURIComponent(msg)}`);
  throw new RequestError(msg, 0, 'network');
}

function fileNameOf(disposition: string | null): string {
  if (!disposition) return 'download';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? decodeURIComponent(plain[1]) : 'download';
}

/** How long a blob: URL handed to the browser stays valid (a busy browser may start reading it late). */
export const BLOB_URL_TTL_MS = 60_000;

/** Saves `blob` as a file named `name` (an anchor with `download`); the URL goes a minute later. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_TTL_MS);
}

async function saveBlob(res: Response): Promise<void> {
  downloadBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition')));
}

const isBinary = (type: string) => /excel|spreadsheetml|octet-stream/i.test(type);

/** Calls `url` under /api; resolves with the whole envelope when code is 200. */
export async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.params ?? {})) if (v !== undefined && v !== '') query.set(k, String(v));
  const qs = query.toString();
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) {
    headers.token = token;
    headers.loginType = getLoginType() ?? '1';
    headers.langeType = currentLang();
  }
  if (opts.data !== undefined) headers['content-type'] = 'application/json';
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${url}${qs ? (url.includes('?') ? '&' : '?') + qs : ''}`, {
      method: opts.method ?? (opts.data === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.data === undefined ? undefined : JSON.stringify(opts.data),
      signal: ctrl.signal,
    });
  } catch (err) {
    const aborted = (err as Error).name === 'AbortError';
    return networkFailure(aborted ? i18n.t('request.timeout') : i18n.t('request.network'));
  } finally {
    clearTimeout(timer);
  }
  const type = res.headers.get('content-type') ?? '';
  // a spreadsheet, or any answer sent as an attachment (a stored file's download)
  if (res.ok && (isBinary(type) || /^attachment/i.test(res.headers.get('content-disposition') ?? ''))) {
    await saveBlob(res);
    return { code: Code.OK, msg: '', data: null as T };
  }
  let body: Envelope<T> | undefined;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = undefined;
  }
  if (!body || typeof body.code !== 'number') return networkFailure(i18n.t('request.http', { status: res.status }));
  if (body.code === Code.OK) return body;
  if (SESSION_INVALID_CODES.includes(body.code)) {
    if (opts.sessionPrompt !== false) showSessionInvalid(body.msg);
    throw new RequestError(body.msg || 'Error', body.code, 'session');
  }
  if (res.status >= 500) return networkFailure(body.msg || i18n.t('request.http', { status: res.status }));
  if (!opts.silent) bridge.message?.error({ content: body.msg || 'Error', duration: NETWORK_ERROR_MESSAGE_MS / 1000 });
  throw new RequestError(body.msg || 'Error', body.code, 'business', body.data);
}

/** Shorthand resolving with `data` only. */
export const fetchData = async <T>(url: string, opts?: RequestOptions): Promise<T> => (await request<T>(url, opts)).data;

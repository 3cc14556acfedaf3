/** The job queue's API for the console: start imports and exports, follow a job's progress, cancel, download. */

import { getLoginType, getToken } from '../../app/auth';
import { currentLang } from '../../app/i18n';
import { fetchData, RequestError, request } from '../../app/request';
import { API_BASE, Code, type Envelope } from '../../domain';

/** A job as GET /api/jobs/:id shows it to its owner (message localized by the server). */
export interface Job {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** while queued behind a limit (exports): its place in the tenant's line, 1 next */
  position?: number | null;
  done: number;
  total: number;
  message: string;
  messageKey: string;
  result: unknown;
  download: boolean;
  cancelRequested: boolean;
  final: boolean;
  createdAt: string;
  finishedAt: string | null;
}

export interface ImportReport {
  total: number;
  inserted: number;
  errorCount?: number;
  errors: { row: number; messages: string[] }[];
}

const headers = (): Record<string, string> => {
  const token = getToken();
  return token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {};
};

/** Uploads one workbook to /api/<code>/import; resolves with the job id (the import runs as a job). */
export async function startImport(code: string, file: File, opts: { validOnly: boolean }): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/${code}/import${opts.validOnly ? '?validOnly=1' : ''}`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
  } catch {
    throw new RequestError('network', 0, 'network');
  }
  let body: Envelope<{ jobId: string }> | undefined;
  try {
    body = (await res.json()) as Envelope<{ jobId: string }>;
  } catch {
    body = undefined;
  }
  if (!body || typeof body.code !== 'number') throw new RequestError(`HTTP ${res.status}`, res.status, 'network');
  if (body.code !== Code.OK) throw new RequestError(body.msg || 'Error', body.code, 'business', body.data);
  return body.data.jobId;
}

/** Starts an export of the filtered rows as a job; resolves with its id. */
export async function startExport(code: string, body: Record<string, unknown>): Promise<string> {
  const res = await request<{ jobId: string }>(`/${code}/export?job=1`, { method: 'POST', data: body, silent: true });
  return res.data.jobId;
}

export const fetchJob = (id: string) => fetchData<Job>(`/jobs/${id}`, { silent: true });
export const cancelJob = (id: string) => request<Job>(`/jobs/${id}/cancel`, { method: 'POST', silent: true });
/** Saves the job's file (the request layer saves binary answers). */
export const downloadJob = (id: string) => request(`/jobs/${id}/download`);
export const myJobs = () => fetchData<Job[]>('/jobs', { silent: true });

/**
 * Reads a Server-Sent Events stream (fetch, so that the token header goes along; EventSource cannot
 * send it) and calls `onJob` with each job it carries. Resolves when the stream ends or `signal` aborts.
 */
export async function readJobEvents(url: string, onJob: (job: Job) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(`${API_BASE}${url}`, { headers: headers(), signal });
  if (!res.ok || !res.body) throw new RequestError(`HTTP ${res.status}`, res.status, 'network');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    for (let cut = text.indexOf('\n\n'); cut >= 0; cut = text.indexOf('\n\n')) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === 'job' && data) onJob(JSON.parse(data) as Job);
      if (event === 'end') return;
    }
  }
}

/**
 * Follows one job until it ends: its events stream, and should the stream break, its row read
 * every second. Resolves with the ended job.
 */
export async function followJob(id: string, onJob: (job: Job) => void, signal: AbortSignal): Promise<Job> {
  let last: Job | undefined;
  const see = (job: Job) => {
    last = job;
    onJob(job);
  };
  try {
    await readJobEvents(`/jobs/${id}/events`, see, signal);
  } catch (err) {
    if (signal.aborted) throw err;
  }
  while (!last?.final) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    await new Promise((r) => setTimeout(r, 1000));
    try {
      see(await fetchJob(id));
    } catch {
      // the server is away for a moment: ask again
    }
  }
  return last;
}

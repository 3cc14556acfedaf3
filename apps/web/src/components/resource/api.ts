/** Calls of the generic resource API that the request layer does not cover: multipart import and job progress. */

import { getLoginType, getToken } from '../../app/auth';
import { currentLang } from '../../app/i18n';
import { fetchData, RequestError } from '../../app/request';
import { API_BASE, Code, type Envelope } from '../../domain';

export interface ImportReport {
  total: number;
  inserted: number;
  errors: { row: number; messages: string[] }[];
}

export interface Job {
  state: 'running' | 'done' | 'failed' | string;
  done: number;
  total: number;
}

const headers = (): Record<string, string> => {
  const token = getToken();
  return token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {};
};

/** A fresh job id for the x-job-id header (8–64 of [A-Za-z0-9_-]). */
export const newJobId = (): string => `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Uploads one workbook to /api/<code>/import. Resolves with the envelope whether the file was
 * taken or rejected row by row (400 with data.errors); other failures throw a RequestError.
 */
export async function uploadImport(code: string, file: File, opts: { validOnly: boolean; jobId: string }): Promise<Envelope<ImportReport>> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/${code}/import${opts.validOnly ? '?validOnly=1' : ''}`, {
      method: 'POST',
      headers: { ...headers(), 'x-job-id': opts.jobId },
      body: form,
    });
  } catch {
    throw new RequestError('network', 0, 'network');
  }
  let body: Envelope<ImportReport> | undefined;
  try {
    body = (await res.json()) as Envelope<ImportReport>;
  } catch {
    body = undefined;
  }
  if (!body || typeof body.code !== 'number') throw new RequestError(`HTTP ${res.status}`, res.status, 'network');
  if (body.code === Code.OK || Array.isArray(body.data?.errors)) return body;
  throw new RequestError(body.msg || 'Error', body.code, 'business', body.data);
}

/** The progress of a job, or undefined while the server has not created it yet. */
export async function fetchJob(id: string): Promise<Job | undefined> {
  try {
    return await fetchData<Job>(`/jobs/${id}`, { silent: true });
  } catch {
    return undefined;
  }
}

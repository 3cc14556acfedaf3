import { Worker } from 'node:worker_threads';
import { badRequest } from '../errors.js';

/** The sheet worker's boot module: registers tsx, then loads workerData.entry (workers do not inherit the loader). */
const BOOT = new URL('../sheet/boot.mjs', import.meta.url);
const ENTRY = new URL('./svg-worker.ts', import.meta.url).href;
/** how long sanitising one SVG may take, and the worker's heap */
const TIME_MS = 10_000;
const MEMORY_MB = 96;

/**
 * An uploaded SVG sanitised in a worker thread (svg.ts): never parsed on the event loop, with a
 * time and a memory limit. Answers the rewritten bytes, or a 400 saying why the file is refused.
 */
export async function sanitizeSvgFile(bytes: Uint8Array): Promise<Buffer> {
  const worker = new Worker(BOOT, {
    workerData: { entry: ENTRY, task: bytes },
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await new Promise<{ ok: boolean; svg?: Uint8Array; reason?: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(badRequest('file.svgTooComplex')), TIME_MS);
      worker.once('message', resolve);
      worker.once('error', () => reject(badRequest('file.svgTooComplex')));
      worker.once('exit', (code) => reject(badRequest(code === 0 ? 'file.svgNotWellFormed' : 'file.svgTooComplex')));
    });
    if (!answer.ok) {
      const key = { doctype: 'file.svgDoctype', notSvg: 'file.svgNotSvg', tooComplex: 'file.svgTooComplex' }[answer.reason ?? ''];
      throw badRequest(key ?? 'file.svgNotWellFormed');
    }
    return Buffer.from(answer.svg!);
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}

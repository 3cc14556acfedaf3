/** The SVG sanitiser's worker (see svg-run.ts): sanitises workerData.svg and posts the result or the refusal. */
import { parentPort, workerData } from 'node:worker_threads';
import { SvgRefusal, sanitizeSvg } from './svg.js';

try {
  const out = sanitizeSvg(workerData.task as Uint8Array);
  parentPort?.postMessage({ ok: true, svg: new Uint8Array(out) });
} catch (err) {
  parentPort?.postMessage({ ok: false, reason: err instanceof SvgRefusal ? err.reason : 'notWellFormed' });
}

/**
 * Vite build plugin: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of
 * the build (JS, CSS, SVG, JSON) above 1 KB, at the highest levels (done once, at build time), so
 * the server sends them as they are (@fastify/static preCompressed) by the browser's
 * Accept-Encoding. index.html is left out: the server writes a nonce into it per request and
 * compresses it then. A copy that would not be smaller is not written.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/i;
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses the files of `dir`; returns the bytes before and after (brotli, gzip). */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const jobs: Promise<void>[] = [];
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const body = await readFile(file);
        const [b, g] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        total.files++;
        total.raw += body.length;
        if (b.length < body.length) {
          await writeFile(`${file}.br`, b);
          total.br += b.length;
        } else total.br += body.length;
        if (g.length < body.length) {
          await writeFile(`${file}.gz`, g);
          total.gz += g.length;
        } else total.gz += body.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return total;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tagloom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info?.(`precompressed ${t.files} files: ${kb(t.raw)} → ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
    },
  };
}

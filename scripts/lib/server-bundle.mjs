// The server as one ES module (esbuild), for the processes that start it again and again — each
// browser test file starts its own server. Run from its TypeScript sources (`node --import tsx`)
// a start spends about 2 s of CPU in the TypeScript loader and its module graph; the bundle loads
// as one file. The same sources: the workspace packages (@tagloom/*) are bundled, every other
// package stays an import of node_modules, and each module's `import.meta.url` is its source
// file's, so the files the server finds beside its code (migrations, worker entries) are the ones
// it finds when run from source.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Writes the server's bundle to `outfile` (under apps/server, so that its imports resolve as the sources' do). */
export async function buildServerBundle(root, outfile) {
  await build({
    entryPoints: [`${root}/apps/server/src/main.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // a bundled CommonJS dependency's require()
    banner: { js: "import { createRequire as tagloomRequire } from 'node:module'; const require = tagloomRequire(import.meta.url);" },
    plugins: [
      {
        name: 'tagloom-server',
        setup(b) {
          // packages of node_modules stay imports; the workspace's own are bundled from source
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@tagloom/') ? undefined : { path: args.path, external: true },
          );
          b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
            if (args.path.includes('/node_modules/')) return undefined;
            const source = await readFile(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            return {
              contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
              loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
            };
          });
        },
      },
    ],
  });
}

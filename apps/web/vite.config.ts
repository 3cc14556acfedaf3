import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { precompress } from './scripts/precompress';
import { webScreenCatalogs } from './scripts/web-catalogs';

export default defineConfig({
  // the screens' catalog per language and part (virtual:web-screens/…); .br and .gz beside each
  // built file, sent as they are by the server
  plugins: [react(), webScreenCatalogs(), precompress()],
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8090' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      experimental: {
        chunkOptimization: {
          // merging shared chunks into the entry drags layout-only antd parts into /login
          mergeCommonChunks: false,
          // but a lazy chunk need not load apart what every importer of it has loaded already
          // (the entry's modules): fewer, larger chunks after /login
          avoidRedundantChunkLoads: true,
        },
      },
      output: {
        codeSplitting: {
          groups: [
            // echarts (with the modules the charts register, components/echarts.ts) stays in its own
            // chunk, loaded by the charts once a dashboard's figures are drawn
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]|src[\\/]components[\\/]echarts\.ts$/ },
            // what index.html loads, in one file instead of some thirty small ones
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // the login page and what it imports: before the shell takes the parts they share
            { name: 'login', test: /src[\\/]views[\\/]login[\\/]index\.tsx$/, priority: 2 },
            // the signed-in shell (the layout, the menu loader, with their static imports; not the
            // drawers and dialogs it loads on first use), fetched during the sign-in request
            { name: 'shell', test: /src[\\/]app[\\/](layout[\\/]Layout\.tsx|load-menu\.ts)$/, priority: 1 },
          ],
        },
      },
    },
  },
});

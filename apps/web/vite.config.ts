import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { precompress } from './scripts/precompress';

export default defineConfig({
  // .br and .gz beside each built file, sent as they are by the server
  plugins: [react(), precompress()],
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
      // merging shared chunks into the entry drags layout-only antd parts into /login
      experimental: { chunkOptimization: false },
      output: {
        // echarts stays in its own chunk, loaded only by the dashboards
        codeSplitting: { groups: [{ name: 'echarts', test: /node_modules[\\/](echarts|zrender)/ }] },
      },
    },
  },
});

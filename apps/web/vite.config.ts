import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  plugins: [react()],
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
      output: {
        // echarts stays in its own chunk, loaded only by the dashboards
        advancedChunks: { groups: [{ name: 'echarts', test: /node_modules[\\/](echarts|zrender)/ }] },
      },
    },
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** The console build; in dev, API paths are proxied to the platform API. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/saas', '/v1', '/auth', '/maps', '/tms', '/dev', '/config.json', '/health'].map((p) => [p, api])),
  },
});

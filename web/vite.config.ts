import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The SPA: built into web/dist, served by the local gateway (and by CloudFront in AWS). */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://localhost:3000' },
  },
});

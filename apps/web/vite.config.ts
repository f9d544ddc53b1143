import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: { '/backend': { target: API_TARGET, ws: true, changeOrigin: true } },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/precompress.mjs';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const OUT_DIR = 'dist';

/** After every production build: .br and .gz beside each file, served as they are (see scripts/precompress.mjs). */
const precompressed = (): Plugin => ({
  name: 'balcao-precompress',
  apply: 'build',
  closeBundle: () => void precompress([new URL(OUT_DIR, import.meta.url).pathname]),
});

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressed()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: { outDir: OUT_DIR, emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: { '/backend': { target: API_TARGET, ws: true, changeOrigin: true } },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../../scripts/precompress.mjs';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const OUT_DIR = 'dist';

/** After every production build: .br and .gz beside each file, served as they are (see scripts/precompress.mjs). */
const precompressed = (): Plugin => ({
  name: 'balcao-precompress',
  apply: 'build',
  closeBundle: () => void precompress([new URL(OUT_DIR, import.meta.url).pathname]),
});

/**
 * Installable app: the manifest (linked from index.html by the plugin) and our own service worker
 * (src/pwa/sw.ts: app shell precache, offline page, Web Push), built with Workbox. It registers from the
 * signed-in shell only (features/notificacoes/pwa.ts), never from the login bundle.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/pwa',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'offline.html', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Balcão — Atendimento',
    short_name: 'Balcão',
    description: 'Atendimento a clientes pelo WhatsApp e pelo site.',
    lang: 'pt-BR',
    start_url: '/atendimentos',
    scope: '/',
    display: 'standalone',
    // DESIGN.md: the brand colour (the favicon's indigo) and the light theme's background.
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell: scripts, styles, fonts and pictures of the build; never compressed copies or the Vite manifest.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['**/node_modules/**', '.vite/**'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, precompressed()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: { outDir: OUT_DIR, emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: { '/backend': { target: API_TARGET, ws: true, changeOrigin: true } },
  },
});

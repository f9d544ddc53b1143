// Page weight as a browser downloads it: the bytes of /login, of the signed-in shell and of widget.js, fetched
// from the running built server with `Accept-Encoding: br, gzip` (and, for comparison, with no compression).
// A page's files: its HTML, the scripts and stylesheets the HTML loads, and the static imports (with their CSS)
// of the route's chunks, from Vite's manifest. Fonts are reported apart (woff2 is compressed already, and which
// subsets a browser fetches depends on the text on screen). Also used by e2e/http.e2e.ts (the budgets).
import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const WEB_DIST = 'apps/web/dist';
export const BUDGETS_KB = { login: 150, shell: 250, widget: 50 };
export const BROWSER_ENCODINGS = 'br, gzip';

/** GET without decoding: `wire` is the body as sent, `body` the decoded bytes. */
export function fetchRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const body = enc === 'br' ? brotliDecompressSync(wire) : enc === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode, headers: res.headers, wire, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

function manifestClosure(manifest, keys) {
  const seen = new Set();
  const walk = (k) => {
    if (!k || seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  const files = new Set();
  for (const k of seen) {
    files.add(manifest[k].file);
    for (const css of manifest[k].css ?? []) files.add(css);
  }
  return [...files].map((f) => `/${f}`);
}

/** Every file /login and the signed-in shell load, from the served HTML and the build's manifest. */
function pageFiles(html, dist) {
  const path = `${dist}/.vite/manifest.json`;
  if (!existsSync(path)) throw new Error(`no web build at ${dist}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const fromHtml = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"]+)"/g)]
    .map((m) => m[1])
    .filter((u) => /\.(?:js|css)$/.test(u));
  const key = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const uniq = (list) => [...new Set(list)];
  return {
    login: uniq([...fromHtml, ...manifestClosure(manifest, [entry, key('features/auth/components/login-page.tsx')])]),
    // The signed-in shell as most people first see it: the layout and the /atendimentos landing page.
    shell: uniq([
      ...fromHtml,
      ...manifestClosure(manifest, [entry, key('app/protected-layout.tsx'), key('features/atendimentos/pages/atendimentos-page.tsx')]),
    ]),
    fonts: uniq(
      Object.values(manifest)
        .flatMap((m) => m.assets ?? [])
        .filter((f) => /inter-latin-wght/.test(f))
        .map((f) => `/${f}`),
    ),
  };
}

/**
 * Bytes on the wire (bodies, headers excluded) for each page with the given Accept-Encoding (undefined: none).
 * Throws when a file is not served (200) or a compressed answer is missing its Vary.
 */
export async function measurePageWeight(base, acceptEncoding, dist = WEB_DIST) {
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const sizes = new Map();
  const encodings = new Set();
  const get = async (url) => {
    if (!sizes.has(url)) {
      const res = await fetchRaw(base + url, headers);
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
      encodings.add(res.headers['content-encoding'] ?? 'identity');
      sizes.set(url, res);
    }
    return sizes.get(url);
  };
  const page = await get('/login');
  const files = pageFiles(page.body.toString('utf8'), dist);
  const total = async (urls) => {
    let bytes = 0;
    for (const u of urls) bytes += (await get(u)).wire.length;
    return bytes;
  };
  const html = page.wire.length;
  return {
    acceptEncoding: acceptEncoding ?? null,
    login: { bytes: html + (await total(files.login)), files: ['/login', ...files.login] },
    shell: { bytes: html + (await total(files.shell)), files: ['/login', ...files.shell] },
    widget: { bytes: (await get('/widget.js')).wire.length },
    fonts: { bytes: await total(files.fonts), files: files.fonts },
    encodings: [...encodings],
  };
}

/**
 * The same pages in Chromium, all requests counted as the network saw them (headers, the font, API answers and
 * lazy chunks included): /login on a fresh profile, then what signing in and landing on /atendimentos adds.
 * Informational (the budgets are the figures above); null when no Chromium is installed.
 */
export async function measureInChromium(base, email = 'master@demo.local', senha = 'balcao-demo') {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests++;
    });
    const take = () => {
      const r = { bytes, requests };
      bytes = 0;
      requests = 0;
      return r;
    };
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = take();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(senha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/atendimentos'));
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    return { login, signIn: take() };
  } finally {
    await browser.close();
  }
}

export const overBudget = (m) =>
  Object.entries(BUDGETS_KB)
    .filter(([k, kb]) => m[k].bytes > kb * 1024)
    .map(([k, kb]) => `${k}: ${(m[k].bytes / 1024).toFixed(1)} KB > ${kb} KB`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer, writeResult } = await import('./lib.mjs');
  const server = await startServer({ env: { LOG_LEVEL: 'error' } });
  try {
    const plain = await measurePageWeight(server.base, undefined);
    const gzip = await measurePageWeight(server.base, 'gzip');
    const browser = await measurePageWeight(server.base, BROWSER_ENCODINGS);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
    console.log('downloaded from the running server      uncompressed       gzip    br+gzip   budget');
    for (const k of ['login', 'shell', 'widget']) {
      const label = { login: '/login (HTML, JS, CSS)', shell: 'signed-in shell (+ /atendimentos)', widget: 'widget.js' }[k];
      console.log(`${label.padEnd(36)} ${kb(plain[k].bytes)}  ${kb(gzip[k].bytes)}  ${kb(browser[k].bytes)}  ${kb(BUDGETS_KB[k] * 1024)}`);
    }
    console.log(
      `${'font (Inter latin woff2, apart)'.padEnd(36)} ${kb(plain.fonts.bytes)}  ${kb(gzip.fonts.bytes)}  ${kb(browser.fonts.bytes)}`,
    );
    console.log(`encodings served to "${BROWSER_ENCODINGS}": ${browser.encodings.join(', ')}`);
    const real = await measureInChromium(server.base);
    if (real) {
      console.log(`Chromium, every request with headers: /login ${kb(real.login.bytes).trim()} in ${real.login.requests} requests;`);
      console.log(`  signing in and landing on /atendimentos adds ${kb(real.signIn.bytes).trim()} in ${real.signIn.requests} requests`);
    }
    // For bench/results/latest.json (run.mjs): the figures, in bytes, beside the budgets.
    const strip = (m) => ({ login: m.login.bytes, shell: m.shell.bytes, widget: m.widget.bytes, fonts: m.fonts.bytes });
    writeResult({ budgetsKb: BUDGETS_KB, uncompressed: strip(plain), gzip: strip(gzip), brGzip: strip(browser), chromium: real });
    const over = overBudget(browser);
    if (over.length) {
      console.error(`over budget: ${over.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

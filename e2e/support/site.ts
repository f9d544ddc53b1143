import { createServer, type Server } from 'node:http';
import { freePort } from './server';

/** A customer's website on another port that embeds the widget with the channel's snippet. */
export async function startTestSite(snippet: string, fixedPort?: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = fixedPort ?? (await freePort());
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja Exemplo</title></head>
<body style="font-family:sans-serif;padding:2rem"><h1>Loja Exemplo</h1><p>Bem-vindo à nossa loja.</p>${snippet}</body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

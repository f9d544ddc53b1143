import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { serverLogger, startupLines, wantsReadableLogs } from './terminal-log';

describe('terminal logs', () => {
  it('are readable only on a terminal and when LOG_FORMAT is not json', () => {
    expect(wantsReadableLogs('auto', { isTTY: true })).toBe(true);
    expect(wantsReadableLogs('auto', { isTTY: false })).toBe(false);
    expect(wantsReadableLogs('auto', {})).toBe(false);
    expect(wantsReadableLogs('json', { isTTY: true })).toBe(false);
  });

  it('write one Portuguese line per event with the time and the level, no JSON', async () => {
    let text = '';
    const terminal = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    const { stream, level } = (await serverLogger('info', true, terminal)) as { stream: Writable; level: string };
    const log = pino({ level }, stream);
    log.warn({ canal: 'x' }, 'Banco embutido parou');
    log.info('Balcão no ar');
    await expect.poll(() => text.split('\n').filter(Boolean).length).toBe(2);
    expect(text).not.toContain('"level"');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] .*AVISO.*Banco embutido parou/m);
    expect(text).toMatch(/INFO.*Balcão no ar/);
  });

  it('stay JSON for collectors', async () => {
    expect(await serverLogger('info', false)).toEqual({ level: 'info' });
    expect(await serverLogger('silent', true)).toBe(false);
  });

  it('start with the address, the database and, on a new demo account, its logins', () => {
    const lines = startupLines({
      address: 'http://localhost:3000',
      database: 'pglite',
      dataDir: '/srv/data',
      demo: { emails: ['master@demo.local', 'admin@demo.local'], senha: 'balcao-demo' },
    });
    expect(lines.join('\n')).toContain('http://localhost:3000');
    expect(lines.join('\n')).toContain('embutido (PGlite) em /srv/data');
    expect(lines.join('\n')).toContain('master@demo.local, admin@demo.local — senha balcao-demo');
    expect(startupLines({ address: 'https://balcao.exemplo', database: 'postgres', dataDir: '/x' })).toHaveLength(2);
    expect(startupLines({ address: 'https://balcao.exemplo', database: 'postgres', dataDir: '/x', bucket: 's3://balcao' })).toEqual([
      'Balcão no ar: abra https://balcao.exemplo',
      'Banco de dados: PostgreSQL (DATABASE_URL)',
      'Arquivos enviados: bucket s3://balcao',
    ]);
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newContext } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

describe('session', () => {
  let server: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ['master@demo.local', '/atendimentos'],
    ['admin@demo.local', '/atendimentos'],
    ['atendente@demo.local', '/atendimentos'],
    ['user@demo.local', '/atendimentos'],
    ['tracker@demo.local', '/tracker/tarefas'],
  ])('%s lands on %s', async (email, path) => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await loginAs(page, email);
    await page.waitForURL(`**${path}*`);
    expect(new URL(page.url()).pathname).toBe(path);
    if (email.startsWith('tracker')) expect(new URL(page.url()).search).toBe('?minhas=true');
    await ctx.close();
  });
});

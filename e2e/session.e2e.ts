import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loginAs, newContext } from './support/browser';
import { useE2E } from './support/suite';

describe('session and access', () => {
  const env = useE2E();

  const apiLogin = async (email: string, senha = DEMO_PASSWORD) => {
    const res = await fetch(`${env.server.baseUrl}/backend/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, senha }),
    });
    return (await res.json()) as { token: string };
  };

  it.each([
    ['master@demo.local', '/atendimentos'],
    ['admin@demo.local', '/atendimentos'],
    ['atendente@demo.local', '/atendimentos'],
    ['user@demo.local', '/atendimentos'],
    ['tracker@demo.local', '/tracker/tarefas'],
  ])('%s lands on %s', async (email, path) => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await loginAs(page, email);
    await page.waitForURL(`**${path}*`);
    expect(new URL(page.url()).pathname).toBe(path);
    if (email.startsWith('tracker')) expect(new URL(page.url()).search).toBe('?minhas=true');
    await ctx.close();
  });

  it('sends a guarded URL to /login and back there after login', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/config?tab=integracoes');
    await page.waitForURL('**/login');
    await loginAs(page, 'atendente@demo.local');
    await page.waitForURL('**/config?tab=integracoes');
    await ctx.close();
  });

  it('keeps roles out of pages they may not open', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/login');
    await loginAs(page, 'admin@demo.local');
    await page.goto('/licenca');
    await page.waitForURL('**/atendimentos');
    await page.goto('/rota-que-nao-existe');
    await page.waitForURL('**/atendimentos');
    await ctx.close();
  });

  it('logs in by ?token=, removing it from the address bar', async () => {
    const { token } = await apiLogin('admin@demo.local');
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto(`/?token=${token}`);
    await page.waitForURL('**/atendimentos');
    expect(page.url()).not.toContain('token=');
    await expect.poll(() => page.getByText('Suas credenciais de acesso foram enviadas por e-mail.').isVisible()).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), sessionStorage.getItem('authToken')])).toEqual([token, token]);
    await ctx.close();
  });

  it('refuses a forged ?token= with the spec toast and goes to /login', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/atendimentos?token=forjado.token.invalido');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('Token inválido. Faça login novamente.').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await ctx.close();
  });

  it('shows "Sistema Aberto em Outra Aba" in a second tab, and "Usar nesta aba" takes over', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const first = await ctx.newPage();
    await first.goto('/login');
    await loginAs(first, 'atendente2@demo.local');
    await first.waitForURL('**/atendimentos');
    const second = await ctx.newPage();
    await second.goto('/atendimentos');
    await second.getByRole('heading', { name: 'Sistema Aberto em Outra Aba' }).waitFor();
    await second.getByRole('button', { name: 'Usar nesta aba' }).click();
    await second.getByRole('heading', { name: 'Sistema Aberto em Outra Aba' }).waitFor({ state: 'detached' });
    await first.getByRole('heading', { name: 'Sistema Aberto em Outra Aba' }).waitFor({ timeout: 8000 });
    await expect.poll(() => first.getByText('Sessão Inativa: Uma nova sessão foi aberta em outra aba.').isVisible()).toBe(true);
    expect(await second.getByRole('button', { name: 'Fechar esta aba' }).count()).toBe(0);
    await ctx.close();
  });

  it('resets a password through the e-mailed link (outbox log)', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL('**/resetar-senha');
    // The route is a lazy chunk: the login form may still be on screen until it arrives.
    await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    await page.getByLabel('E-mail').fill('user@demo.local');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o e-mail estiver cadastrado').waitFor();
    const mail = await env.server.waitForLog(
      (l) => l.to === 'user@demo.local' && typeof l.text === 'string' && l.text.includes('/resetar-senha?token='),
    );
    const link = /(http\S+\/resetar-senha\?token=\S+)/.exec(String(mail.text))![1]!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('heading', { name: 'Criar nova senha' }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-123');
    await page.getByLabel('Confirme a nova senha').fill('senha-nova-123');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.waitForURL('**/login');
    await loginAs(page, 'user@demo.local', 'senha-nova-123');
    await page.waitForURL('**/atendimentos');
    await ctx.close();
  });
});

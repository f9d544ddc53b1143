import type { BrowserContext } from 'playwright-core';

/** Everything the browser reports about the Content-Security-Policy in a context (its popups included). */
export async function watchCsp(ctx: BrowserContext) {
  const problems: string[] = [];
  ctx.on('console', (m) => {
    if (/content security policy|refused to (load|execute|apply|evaluate|connect|frame)/i.test(m.text())) problems.push(m.text());
  });
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return problems;
}

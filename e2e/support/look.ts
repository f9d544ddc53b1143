import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled, PHONE, seriousA11yViolations } from './browser';
import { settled } from './shell';

const ARTIFACTS = `${import.meta.dirname}/../artifacts`;
/** A full-page screenshot into e2e/artifacts (not committed). */
export const fullShot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });

/** Light, dark and phone screenshots (e2e/artifacts/<name>-claro|escuro|390.png), each checked by axe (DESIGN.md "Checking it"). */
export async function lookAt(page: Page, name: string) {
  await settled(page);
  await page.mouse.move(1, 300);
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  expect(await seriousA11yViolations(page), `${name} (claro)`).toEqual([]);
  await fullShot(page, `${name}-claro`);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await animationsSettled(page);
  expect(await seriousA11yViolations(page), `${name} (escuro)`).toEqual([]);
  await fullShot(page, `${name}-escuro`);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await animationsSettled(page);
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  expect(await seriousA11yViolations(page), `${name} (390 px)`).toEqual([]);
  await fullShot(page, `${name}-390`);
  await page.setViewportSize(desktop);
}

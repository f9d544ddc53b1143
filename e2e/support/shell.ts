import type { Page } from 'playwright-core';
import { animationsSettled } from './browser';

/** Opens the user menu from the side panel (its button carries the user's name). */
export async function openUserMenu(page: Page, nome: string | RegExp) {
  await page.getByRole('button', { name: nome }).first().click();
  await page.getByRole('menu').waitFor();
}

/** Takes a screenshot for people to look at (e2e/artifacts is not committed), once a sheet or dialog has slid in. */
export async function shot(page: Page, name: string) {
  await animationsSettled(page);
  await page.screenshot({ path: `${import.meta.dirname}/../artifacts/${name}.png` });
}

/** Waits until the page in the shell has rendered its heading (lazy chunks loaded, skeletons gone). */
export async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

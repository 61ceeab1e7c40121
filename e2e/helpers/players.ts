import type { Page } from 'playwright-core';
import type { Game } from './game';

/**
 * Opens the login screen at `path` and waits until the script has taken over the page the build
 * wrote into the HTML (main.tsx then drops `data-shell`): a tab pressed on the written page
 * before that does nothing, and on a busy machine the test's press could come that early.
 */
export async function openLoginScreen(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('#root:not([data-shell])').waitFor({ state: 'attached' });
}

/** Registers a new player through the login screen and waits for the dashboard. */
export async function registerThroughUi(page: Page, name: string, password = 'glitch-pass'): Promise<void> {
  await openLoginScreen(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByTestId('register-username').fill(name);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-submit').click();
  await page.getByTestId('nav-welcome').waitFor();
}

/** Creates the player's fighter through the Characters screen. */
export async function createFighterThroughUi(page: Page, name: string, avatar = 'warrior1', cls = 'warrior'): Promise<void> {
  await page.goto('/characters');
  await page.getByTestId('character-name-input').fill(name);
  await page.getByTestId(`avatar-option-${avatar}`).click();
  await page.getByTestId(`class-option-${cls}`).click();
  await page.getByTestId('create-character-submit').click();
  await page.getByTestId('character-card').waitFor();
}

/** The nav's credit balance as a number. */
export async function navCredits(page: Page): Promise<number> {
  return Number((await page.getByTestId('nav-credits').textContent())!.replace(/[^0-9]/g, ''));
}

export function uniquePlayerName(prefix: string): string {
  return `${prefix}_${Date.now() % 100000}_${Math.floor(Math.random() * 100)}`;
}

export type { Game };

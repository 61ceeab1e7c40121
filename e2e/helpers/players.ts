import type { Page } from 'playwright-core';
import type { Game } from './game';

/** Registers a new player through the login screen and waits for the dashboard. */
export async function registerThroughUi(page: Page, name: string, password = 'glitch-pass'): Promise<void> {
  await page.goto('/');
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

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startGame, type Game } from './helpers/game';
import { uniquePlayerName } from './helpers/players';

/**
 * The session across tabs and devices: logging out in one tab, a session that ends elsewhere,
 * the Account page (change password, sign out everywhere) and sockets the server closes.
 */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

const PASSWORD = 'glitch-pass';

/** A browser (one cookie jar) on the game; each device of a player is one. */
async function browserContext(viewport = DESKTOP): Promise<BrowserContext> {
  return game.browser.newContext({ viewport, baseURL: game.base });
}

async function openPage(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => game.pageErrors.push(err.message));
  await page.goto(path);
  return page;
}

async function register(context: BrowserContext, prefix: string): Promise<string> {
  const name = uniquePlayerName(prefix).slice(0, 20);
  const answer = await context.request.post('/api/register', { data: { username: name, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  return name;
}

async function login(context: BrowserContext, name: string, password = PASSWORD): Promise<void> {
  const answer = await context.request.post('/api/login', { data: { username: name, password } });
  expect(answer.status()).toBe(200);
}

const onLoginScreen = (page: Page) => page.getByRole('tab', { name: 'Login' }).isVisible();
const signedInShown = (page: Page) => page.getByTestId('nav-welcome').count();

describe('tabs of one browser', () => {
  it('logging out in one tab shows the login screen in the others', async () => {
    const context = await browserContext();
    const name = await register(context, 'tabs');
    const first = await openPage(context, '/');
    const second = await openPage(context, '/characters');
    const third = await openPage(context, '/leaderboard');
    for (const page of [first, second, third]) await page.getByTestId('nav-welcome').waitFor();
    expect(await second.getByTestId('nav-welcome').textContent()).toBe(`Welcome, ${name}`);

    await first.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => onLoginScreen(first)).toBe(true);
    // The other tabs follow without being touched: no stale 'Welcome, name'.
    for (const page of [second, third]) {
      await expect.poll(() => onLoginScreen(page)).toBe(true);
      expect(await signedInShown(page)).toBe(0);
    }

    // Logging in again in one tab brings the others back too.
    await second.getByTestId('login-username').fill(name);
    await second.getByTestId('login-password').fill(PASSWORD);
    await second.getByTestId('login-submit').click();
    await second.getByTestId('nav-welcome').waitFor();
    await expect.poll(() => third.getByTestId('nav-welcome').count()).toBe(1);
    expect(game.pageErrors).toEqual([]);
    await context.close();
  });

  it('a 401 means the session is gone: the login screen shows at the next navigation', async () => {
    const context = await browserContext();
    await register(context, 'expired');
    const page = await openPage(context, '/');
    await page.getByTestId('nav-welcome').waitFor();

    // The pieces that load after the first screen (the bell) have asked what they need first.
    await page.waitForLoadState('networkidle');
    // The session ends behind the tab's back (its cookie is gone).
    await context.clearCookies();
    // The next navigation finds it gone; on a slow machine a read the screen polls (or the socket's
    // refused reconnects) can find it first, and the login screen is there before the click.
    if (!(await onLoginScreen(page))) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings' }).click({ timeout: 10_000 }).catch(() => undefined);
    }
    await expect.poll(() => onLoginScreen(page)).toBe(true);
    expect(await signedInShown(page)).toBe(0);
    expect(game.pageErrors).toEqual([]);
    await context.close();
  });

  it('a 401 answer to an action shows the login screen too', async () => {
    const context = await browserContext();
    await register(context, 'stale');
    await context.request.post('/api/characters', { data: { name: 'Stale Blade', class: 'warrior', characterAvatar: 'warrior1' } });
    const page = await openPage(context, '/equipment');
    await page.getByTestId('equipment-tab-marketplace').click();
    await page.getByTestId('seed-database').waitFor();
    await page.waitForLoadState('networkidle');

    // The screen's polled reads are held from here, so on a slow machine none of them is refused
    // before the click and shows the login screen first: the 401 this test sees is the action's.
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => (route.request().method() === 'GET' ? undefined : route.fallback()),
    );
    await context.clearCookies();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/seed-equipment'));
    await page.getByTestId('seed-database').click();
    expect((await refused).status()).toBe(401);
    await expect.poll(() => onLoginScreen(page)).toBe(true);
    expect(await signedInShown(page)).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/equipment');
    expect(game.pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the Account page', () => {
  it('changes the password: other devices are signed out, the new password logs in and the old one not', async () => {
    const laptop = await browserContext();
    const name = await register(laptop, 'keyholder');
    const otherDevice = await browserContext();
    await login(otherDevice, name);
    // The other device is in the chat: its socket is closed as 'Logged out' and it shows the login screen.
    const elsewhere = await openPage(otherDevice, '/chat');
    await expect.poll(() => elsewhere.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');

    const page = await openPage(laptop, '/');
    await page.getByTestId('nav-account').click();
    await page.waitForURL(`${game.base}/account`);
    await expect.poll(() => page.getByTestId('nav-account').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('account-username').textContent()).toContain(name);

    // The form's rules (fetched with its first focus) cannot be fetched, the connection dropped:
    // the submit says so, and the next one fetches them again rather than doing nothing for good.
    const rulesCode = /\/assets\/account-rules-[\w-]+\.js$/;
    await page.route(rulesCode, (route) => route.abort());
    const current = page.getByTestId('account-current-password');
    const fresh = page.getByTestId('account-new-password');
    const confirm = page.getByTestId('account-confirm-password');
    await current.fill(PASSWORD);
    await fresh.fill('new-glitch-pass');
    await confirm.fill('new-glitch-pasS');
    await confirm.press('Enter');
    await expect.poll(() => page.getByTestId('toast-description').textContent()).toBe('Could not reach the game. Check your connection and try again.');
    await page.unroute(rulesCode);

    // Checked before anything is sent, with the register form's texts.
    await confirm.press('Enter');
    await expect.poll(() => page.getByTestId('toast-title').textContent()).toBe('Password Mismatch');
    expect(await page.getByTestId('toast-description').textContent()).toBe('Passwords do not match');
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('account-confirm-password');

    // A wrong current password: the server's words.
    await current.fill('not-my-pass');
    await confirm.fill('new-glitch-pass');
    await confirm.press('Enter');
    await expect.poll(() => page.getByTestId('toast-description').textContent()).toBe('Your current password is not correct');

    // The right one: changed, the fields are cleared, this tab stays signed in.
    await current.fill(PASSWORD);
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => page.getByTestId('toast-title').textContent()).toBe('Password Changed');
    expect(await page.getByTestId('toast-description').textContent()).toBe(
      'Password changed. Every other session of your account has been signed out.',
    );
    for (const field of [current, fresh, confirm]) expect(await field.inputValue()).toBe('');
    expect(await page.getByTestId('nav-welcome').count()).toBe(1);
    await expect.poll(() => onLoginScreen(elsewhere)).toBe(true);
    expect(await signedInShown(elsewhere)).toBe(0);

    // Log out, then in with the new password; the old one is refused.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => onLoginScreen(page)).toBe(true);
    await page.getByTestId('login-username').fill(name);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('toast-description').textContent()).toBe('Invalid username or password');
    await page.getByTestId('login-password').fill('new-glitch-pass');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('nav-welcome').textContent()).toBe(`Welcome, ${name}`);
    expect(game.pageErrors).toEqual([]);
    await laptop.close();
    await otherDevice.close();
  });

  it('makes new recovery codes: a refusal first, then the codes, and the refusal goes with them', async () => {
    const laptop = await browserContext();
    await register(laptop, 'codekeeper');
    const page = await openPage(laptop, '/account');
    await page.getByTestId('recovery-password').fill('not-my-password');
    await page.getByTestId('recovery-regenerate').click();
    await expect.poll(() => page.getByTestId('toast-description').textContent()).toBe('Your password is not correct');
    expect(await page.getByTestId('toast-title').textContent()).toBe('No new codes');
    // Right away, while the refusal still shows.
    await page.getByTestId('recovery-password').fill(PASSWORD);
    await page.getByTestId('recovery-regenerate').click();
    await expect.poll(() => page.getByTestId('recovery-code').count()).toBeGreaterThan(0);
    // Gone as the codes show (closing, or closed), not at the end of its own time on screen.
    const refusals = await page.getByTestId('toast').filter({ hasText: 'No new codes' }).evaluateAll((toasts) => toasts.map((t) => t.getAttribute('data-state')));
    expect(refusals.filter((state) => state === 'open')).toEqual([]);
    expect(game.pageErrors).toEqual([]);
    await laptop.close();
  });

  it('signs out everywhere from the phone drawer: this tab, the tabs beside it and other devices', async () => {
    const desktop = await browserContext();
    const name = await register(desktop, 'leaver');
    const desktopPage = await openPage(desktop, '/');
    await desktopPage.getByTestId('nav-welcome').waitFor();

    const phone = await browserContext(PHONE);
    await login(phone, name);
    const page = await openPage(phone, '/');
    const besideIt = await openPage(phone, '/characters');
    await besideIt.getByTestId('nav-welcome').waitFor();

    // On a phone the Account page is in the drawer.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByTestId('nav-account').click();
    await page.waitForURL(`${game.base}/account`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The confirmation can be cancelled (Escape) and nothing happens.
    await page.getByTestId('sign-out-everywhere').click();
    await page.getByTestId('sign-out-everywhere-dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('sign-out-everywhere-dialog').count()).toBe(0);
    expect(await page.getByTestId('nav-welcome').count()).toBe(1);

    await page.getByTestId('sign-out-everywhere').click();
    await page.getByTestId('sign-out-everywhere-confirm').click();
    await expect.poll(() => onLoginScreen(page)).toBe(true);
    expect(await page.getByTestId('toast-title').textContent()).toBe('Signed out everywhere');
    expect(new URL(page.url()).pathname).toBe('/');
    // The tab beside it follows at once; the desktop at its next navigation.
    await expect.poll(() => onLoginScreen(besideIt)).toBe(true);
    // The title links home signed in or out (a poll may already have found the session gone and
    // taken the nav's entries away).
    await desktopPage.getByRole('link', { name: 'Glitch Arena home' }).click();
    await expect.poll(() => onLoginScreen(desktopPage)).toBe(true);
    expect(await signedInShown(desktopPage)).toBe(0);
    expect(game.pageErrors).toEqual([]);
    await desktop.close();
    await phone.close();
  });
});

describe('sockets the server closes', () => {
  it("'Opened in another tab' stops the link without retrying until Reconnect", async () => {
    const context = await browserContext();
    const name = await register(context, 'manytabs');
    await context.request.post('/api/characters', { data: { name: 'Tab Hopper', class: 'rogue', characterAvatar: 'rogue1' } });
    const chat = await openPage(context, '/chat');
    await expect.poll(() => chat.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
    const duel = await openPage(context, '/pvp');
    await expect.poll(() => duel.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('online');

    // More tabs open the game: past 8 sockets the oldest give way, the chat's, then the duel's.
    const crowd = await openPage(context, '/');
    await crowd.getByTestId('nav-welcome').waitFor();
    const openSockets = (count: number) =>
      crowd.evaluate(async (n) => {
        const w = window as unknown as { __sockets?: WebSocket[] };
        w.__sockets ??= [];
        for (let i = 0; i < n; i++) {
          const ws = new WebSocket(`ws://${location.host}/ws`);
          await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
          w.__sockets.push(ws);
        }
      }, count);
    await openSockets(7);
    await expect.poll(() => chat.getByTestId('chat-connection').getAttribute('data-status')).toBe('replaced');
    expect(await chat.getByTestId('chat-connection').textContent()).toContain('Opened in another tab');
    expect(await chat.getByTestId('socket-replaced').textContent()).toContain('Opened in another tab');
    await openSockets(1);
    await expect.poll(() => duel.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('replaced');
    expect(await duel.getByTestId('pvp-socket-status').textContent()).toContain('Opened in another tab');
    expect(await duel.getByTestId('real-pvp-find').isDisabled()).toBe(true);

    // No automatic retry: the tabs would take the link from each other for ever.
    await chat.waitForTimeout(4000);
    expect(await chat.getByTestId('chat-connection').getAttribute('data-status')).toBe('replaced');
    expect(await duel.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('replaced');

    // Reconnect (by keyboard) takes the link back.
    await chat.getByTestId('socket-reconnect').focus();
    await chat.keyboard.press('Enter');
    await expect.poll(() => chat.getByTestId('chat-connection').getAttribute('data-status')).toBe('online');
    expect(await chat.getByTestId('socket-replaced').count()).toBe(0);
    await duel.getByTestId('socket-reconnect').click();
    await expect.poll(() => duel.getByTestId('pvp-socket-status').getAttribute('data-status')).toBe('online');
    expect(await duel.getByTestId('real-pvp-find').isEnabled()).toBe(true);
    expect(await chat.getByTestId('nav-welcome').textContent()).toBe(`Welcome, ${name}`);
    expect(game.pageErrors).toEqual([]);
    await context.close();
  });
});

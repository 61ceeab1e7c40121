import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startGame, type Game } from './helpers/game';
import { openLoginScreen } from './helpers/players';

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

describe('a new player', () => {
  it('registers, lands on home with 2,500 credits, logs out and logs in again', async () => {
    const page = await game.newPage();
    const name = `neo_${Date.now() % 100000}`;
    await openLoginScreen(page);

    // Logged out: the login screen shows whatever the path.
    await expect.poll(() => page.getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Register' }).click();

    // The client checks the form before anything is sent.
    await page.getByTestId('register-username').fill(name);
    await page.getByTestId('register-password').fill('pw');
    await page.getByTestId('register-confirm-password').fill('pw');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Password must be at least 3 characters long');

    await page.getByTestId('register-password').fill('glitch-pass');
    await page.getByTestId('register-confirm-password').fill('glitch-pass');
    await page.getByTestId('register-submit').click();

    await page.waitForURL(`${game.base}/`);
    await expect.poll(() => page.getByTestId('nav-credits').textContent()).toBe('2,500');
    expect(await page.getByTestId('nav-welcome').textContent()).toBe(`Welcome, ${name}`);
    expect(await page.getByTestId('toast').textContent()).toContain(
      'Welcome to Glitch Arena! Account created successfully. You start with 2500 credits!',
    );

    // Once the logout is answered the server is asked nothing: the screens go before they could ask again.
    // (A call already on its way, e.g. the bell's, is not the logout's: the home screen's calls,
    // and the bell's after the first screen, are let finish first, so none is on its way as the
    // answer comes.)
    await page.getByTestId('nav-bell').waitFor();
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    let answered = false;
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/logout') answered = true;
    });
    page.on('request', (r) => {
      if (answered && new URL(r.url()).pathname.startsWith('/api/')) asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Login' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('nav-welcome').count()).toBe(0);
    expect(answered).toBe(true);
    expect(asked).toEqual([]);

    // A wrong password is refused with the server's words.
    await page.getByTestId('login-username').fill(name);
    await page.getByTestId('login-password').fill('wrong-pass');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Invalid username or password');

    await page.getByTestId('login-password').fill('glitch-pass');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('nav-welcome').textContent()).toBe(`Welcome, ${name}`);
    expect(await page.getByTestId('toast').textContent()).toContain('Welcome back!');
    expect(new URL(page.url()).pathname).toBe('/');

    // A reload keeps the session; an unknown path shows the dashboard.
    await page.goto('/no/such/screen');
    await expect.poll(() => page.getByText('Live Virtual Character Arena - Battle, Trade, and Dominate').isVisible()).toBe(true);
    expect(game.pageErrors).toEqual([]);
  });

  it('recovers a forgotten password with a code, typing the new one twice', async () => {
    const page = await game.newPage();
    const name = `lost_${Date.now() % 100000}`;
    const registered = await page.context().request.post('/api/register', { data: { username: name, password: 'forgotten-pass' } });
    const { recoveryCodes } = (await registered.json()) as { recoveryCodes: string[] };
    await page.context().clearCookies();
    await openLoginScreen(page);
    await page.getByRole('tab', { name: 'Recover' }).click();
    await page.getByTestId('recover-username').fill(name);
    await page.getByTestId('recover-code').fill(recoveryCodes[0]!);
    await page.getByTestId('recover-password').fill('brand-new-pass');
    // A typo in the second copy is caught before the code is spent.
    await page.getByTestId('recover-confirm').fill('brand-new-pas');
    await page.getByTestId('recover-submit').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Passwords do not match');
    await page.getByTestId('recover-confirm').fill('brand-new-pass');
    await page.getByTestId('recover-submit').click();
    await page.getByTestId('nav-welcome').waitFor();
    expect(await page.getByTestId('nav-welcome').textContent()).toBe(`Welcome, ${name}`);
    // The new password is the one that was typed twice.
    const login = await page.context().request.post('/api/login', { data: { username: name, password: 'brand-new-pass' } });
    expect(login.status()).toBe(200);
    expect(game.pageErrors).toEqual([]);
    await page.context().close();
  });

  it('uses the side drawer on a phone', async () => {
    const page = await game.newPage(PHONE);
    await openLoginScreen(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    const name = `mob_${Date.now() % 100000}`;
    await page.getByTestId('register-username').fill(name);
    await page.getByTestId('register-password').fill('glitch-pass');
    await page.getByTestId('register-confirm-password').fill('glitch-pass');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('nav-credits').textContent()).toBe('2,500');

    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Rankings' }).click();
    await page.waitForURL(`${game.base}/leaderboard`);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(game.pageErrors).toEqual([]);
  });
});

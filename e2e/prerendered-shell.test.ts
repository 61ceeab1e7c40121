import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modulePreloadsOf } from '../src/common/module-preloads';
import { consoleErrors, PHONE, startGame, type Game } from './helpers/game';
import { createFighterThroughUi, registerThroughUi, uniquePlayerName } from './helpers/players';

/**
 * The pages the build writes (scripts/prerender-shell.ts): the login screen painted from the
 * HTML alone, the signed-in screens' pages preloading their code and the player's data.
 */

let game: Game;
beforeAll(async () => {
  game = await startGame();
});
afterAll(async () => {
  await game?.close();
});

const page = async (path: string, cookie?: string) => {
  const res = await fetch(`${game.base}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, vary: res.headers.get('vary') ?? '', html: await res.text() };
};

describe('The pages as the server sends them', () => {
  it('nobody signed in gets the login screen in the HTML, whatever the path', async () => {
    for (const path of ['/', '/auth', '/marketplace', '/replay/7', '/no-such-screen']) {
      const { status, vary, html } = await page(path);
      expect(status, path).toBe(200);
      expect(vary.toLowerCase()).toContain('cookie');
      expect(html).toContain('<div id="root" data-shell="login">');
      expect(html).toMatch(/<input[^>]*id="login-username"/);
      expect(html).toContain('Enter the Arena');
      // The form comes before the hero in the markup, as a phone shows them: a first paint of a
      // half-parsed page (the hero alone at the top) would otherwise move the hero down under the form.
      expect(html.indexOf('id="login-username"'), path).toBeLessThan(html.indexOf('id="auth-hero-title"'));
      expect(html.indexOf('id="auth-hero-title"'), path).toBeGreaterThan(-1);
      // The login screen's code is preloaded; its scripts wait behind the page's own markup and fonts.
      expect(html).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/auth-page-[\w-]+\.js">/);
      expect(html).toMatch(/<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-[\w-]+\.js">/);
    }
  });

  it('a browser holding the session hint gets the screen of its path, its code and the player preloaded', async () => {
    const cases = [
      ['/', 'dashboard-page'],
      ['/marketplace', 'marketplace-page'],
      ['/pvp-arena', 'pvp-queue-page'],
      ['/replay/7', 'replay-page'],
      ['/auth', 'dashboard-page'],
      ['/no-such-screen', 'dashboard-page'],
    ] as const;
    for (const [path, chunk] of cases) {
      const { html } = await page(path, 'ga_signed_in=1');
      expect(html, path).toContain('<div id="root" data-shell="loading">');
      expect(html).toContain('Loading ...');
      // The screen's code and the shell's, started by the page's one inline script rather than
      // by link tags (which Lighthouse's simulation counts as blocking the first paint).
      const modules = modulePreloadsOf(html);
      expect(modules.some((m) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(m)), path).toBe(true);
      expect(modules.some((m) => /^\/assets\/react-[\w-]+\.js$/.test(m)), path).toBe(true);
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html.indexOf('<script data-modules='), path).toBeLessThan(html.indexOf('<style>'));
      expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">');
      expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/characters">');
      expect(html).not.toContain('login-username');
    }
  });
});

/**
 * Holds every script of `tab` until the returned release, which waits for the page's script to
 * have hydrated the written screen (it then drops `data-shell`), and collects the page's warnings.
 */
async function holdScripts(tab: Page): Promise<{ release: () => Promise<void>; warnings: string[] }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const warnings: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await tab.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return {
    warnings,
    release: async () => {
      release();
      await tab.waitForFunction(() => document.getElementById('root')!.dataset.shell === undefined);
      await tab.unroute('**/assets/*.js');
    },
  };
}

describe('The written screens in a browser', () => {
  it('shows the login form before any script runs, and keeps what was typed into it', async () => {
    const tab = await game.newPage(PHONE);
    const { release: releaseScripts, warnings } = await holdScripts(tab);
    await tab.goto('/auth', { waitUntil: 'commit' });
    const username = tab.locator('#login-username');
    await username.waitFor();
    // No script has run: the form is the HTML's.
    expect(await tab.locator('#root').getAttribute('data-shell')).toBe('login');
    expect(await tab.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(false);
    await username.click();
    await tab.keyboard.type('early_bird');
    // Marks the written field, to see that React takes it over rather than putting up another.
    await tab.evaluate(() => ((document.getElementById('login-username') as HTMLElement & { written?: boolean }).written = true));

    await releaseScripts();
    // React took over the written form as it was (a differing one would be rendered anew, and said).
    expect(warnings).toEqual([]);
    expect(await tab.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    expect(await tab.evaluate(() => (document.getElementById('login-username') as HTMLElement & { written?: boolean }).written)).toBe(true);
    // The hydrated form took the typed name and kept the focus: typing on continues the name.
    await tab.keyboard.type('42');
    await expect.poll(() => tab.inputValue('#login-username')).toBe('early_bird42');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('login-username');
    // Tab goes on from the field it was in.
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await tab.fill('#login-password', 'wrong-password-1');
    await tab.getByRole('button', { name: 'Log in' }).click();
    // The form works: the server answered the typed name.
    await tab.getByText('Login Failed').first().waitFor();
    expect(game.pageErrors).toEqual([]);
  });

  it('a keyboard player tabbing through the written page keeps their place when the script takes it over', async () => {
    const tab = await game.newPage(PHONE);
    const { release: releaseScripts } = await holdScripts(tab);
    await tab.goto('/auth', { waitUntil: 'commit' });
    await tab.locator('#login-username').waitFor();
    // The first Tab stop: the skip link (no id of its own).
    await tab.keyboard.press('Tab');
    const before = await tab.evaluate(() => document.activeElement?.textContent);
    expect(before).toBe('Skip to content');
    await releaseScripts();
    expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    expect(game.pageErrors).toEqual([]);
  });

  it('a signed-in page takes the preloaded player and characters instead of asking again', async () => {
    const tab = await game.newPage(PHONE);
    await registerThroughUi(tab, uniquePlayerName('pre'));
    await createFighterThroughUi(tab, 'Preloaded', 'warrior1', 'warrior');
    const asked: string[] = [];
    const scripts: string[] = [];
    const warnings: string[] = [];
    tab.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/user' || path === '/api/characters') asked.push(path);
      if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.push(path);
    });
    tab.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await tab.goto('/marketplace');
    await tab.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
    await tab.getByText('Welcome,').first().waitFor();
    // The screen's data settles (the nav's counts ask later, and ask other routes).
    await tab.waitForLoadState('networkidle');
    expect(asked.sort()).toEqual(['/api/characters', '/api/user']);
    expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
    // The page's preload script ran (the content security policy allows it) and each module it
    // names was fetched once: the preload and the import were one request.
    const listed = modulePreloadsOf((await page('/marketplace', 'ga_signed_in=1')).html);
    expect(listed.length).toBeGreaterThan(3);
    const linked = await tab.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname));
    // (Later ones are the code the screen imports on demand, which the bundler's loader preloads.)
    expect(linked.slice(0, listed.length)).toEqual(listed);
    for (const module of listed) expect(scripts.filter((s) => s === module), module).toHaveLength(1);
    expect(game.pageErrors).toEqual([]);
  });

  it("a page opened on a screen asks for that screen's data with its code, once, and for the top bar's badges once the screen is up", async () => {
    const tab = await game.newPage(PHONE);
    await registerThroughUi(tab, uniquePlayerName('first'));
    await createFighterThroughUi(tab, 'FirstReads', 'warrior1', 'warrior');
    // When the signed-in frame's welcome first enters the page (the page's clock, as the requests' timings).
    // And when the battle screen's stage first does (its Start Battle button).
    await tab.addInitScript(() => {
      const seen = window as unknown as { welcomeAt?: number; stageAt?: number };
      new MutationObserver((_changes, observer) => {
        if (seen.welcomeAt === undefined && document.querySelector('[data-testid="nav-welcome"]')) seen.welcomeAt = performance.now();
        if (seen.stageAt === undefined && document.querySelector('[data-testid="start-battle"]')) seen.stageAt = performance.now();
        if (seen.welcomeAt !== undefined && seen.stageAt !== undefined) observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const asked: string[] = [];
    tab.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    const startedAt = () =>
      tab.evaluate(() => ({
        welcome: (window as unknown as { welcomeAt?: number }).welcomeAt ?? Number.NaN,
        stage: (window as unknown as { stageAt?: number }).stageAt ?? Number.NaN,
        reads: Object.fromEntries(
          performance
            .getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
            .map((e) => [new URL(e.name).pathname, e.startTime]),
        ),
      }));

    // The guild screen of a player in no guild: its first card waits for GET /api/guilds/my-guild (null: no guild).
    const logged = consoleErrors(tab);
    await tab.goto('/guilds');
    await tab.getByText('Join a guild from the directory, accept an invitation, or found your own.').waitFor();
    await tab.getByTestId('nav-bell').waitFor();
    await tab.waitForLoadState('networkidle');
    let seen = await startedAt();
    expect(seen.welcome).toBeGreaterThan(0);
    // Asked before the frame was rendered (the old order: frame, then screen, then its reads)...
    expect(seen.reads['/api/guilds/my-guild']).toBeLessThan(seen.welcome);
    expect(seen.reads['/api/guilds']).toBeLessThan(seen.welcome);
    // ...and only then: the answer (no guild) is what the screen shows, not asked again on mount;
    // being in no guild is no error, in the console either.
    expect(asked.filter((p) => p === '/api/guilds/my-guild')).toHaveLength(1);
    expect(logged).toEqual([]);
    expect(asked.filter((p) => p === '/api/guilds')).toHaveLength(1);
    // The badges' reads come after the frame is on the page.
    expect(seen.reads['/api/quests']).toBeGreaterThan(seen.welcome);
    expect(seen.reads['/api/notifications']).toBeGreaterThan(seen.welcome);

    // The duel queue's turn rule waits for the queue status: asked with the screen's code too.
    await tab.goto('/pvp-arena');
    await tab.getByTestId('pvp-turn-rule').getByText(/Each turn lasts \d+ seconds/).waitFor();
    seen = await startedAt();
    expect(seen.reads['/api/pvp/queue-status']).toBeLessThan(seen.welcome);

    // The battle's enemy (its sprite is the screen's largest picture): rolled with the screen's
    // code as soon as the player's fighters are in, not once the screen has rendered, and that
    // roll is the one the screen shows (one roll per visit, as before).
    asked.length = 0;
    await tab.goto('/battle');
    await expect.poll(() => tab.getByTestId('enemy-name').textContent()).not.toBe('');
    await tab.waitForLoadState('networkidle');
    seen = await startedAt();
    expect(seen.reads['/api/enemy']).toBeLessThan(seen.stage);
    expect(asked.filter((p) => p === '/api/enemy')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/characters')).toHaveLength(1);
    expect(game.pageErrors).toEqual([]);
  });

  it('a page opened on the battle screen by a player without a fighter rolls no enemy', async () => {
    const tab = await game.newPage(PHONE);
    await registerThroughUi(tab, uniquePlayerName('nofight'));
    const asked: string[] = [];
    tab.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await tab.goto('/battle');
    await tab.getByText('You need a fighter before you can enter the battle arena.').waitFor();
    await tab.waitForLoadState('networkidle');
    expect(asked).toContain('/api/characters');
    expect(asked.filter((p) => p === '/api/enemy')).toEqual([]);
    expect(game.pageErrors).toEqual([]);
    await tab.context().close();
  });
});

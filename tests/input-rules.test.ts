import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentItemView } from '../src/common/economy-api';
import type { CharacterView } from '../src/common/game-api';
import { PATH_ID_MESSAGE } from '../src/common/ids';
import { Player, uniqueName } from './helpers/player';
import { startTestApp, type TestApp } from './helpers/test-app';
import { TestSocket } from './helpers/test-socket';

/**
 * Input an outside attack tried (issue: hardening): ids past PostgreSQL's integer range, and
 * names or texts that draw nothing or impersonate the game. Each is refused with a JSON
 * `{message}` and changes nothing.
 */

/** Out of range or not whole: 2^31, 2^53, -1, 1.5, 1e308. */
export const BAD_IDS = [2 ** 31, 2 ** 53, -1, 1.5, 1e308] as const;

let t: TestApp;
let p: Player;
let character: CharacterView;
beforeAll(async () => {
  t = await startTestApp();
  p = new Player(t.base);
  await p.register();
  character = (await p.post('/api/characters', { name: 'Bounded', class: 'rogue' })).body as CharacterView;
});
afterAll(async () => {
  await t?.close();
});

describe('ids past the 32-bit range', () => {
  const bodies: [string, string, (id: number) => unknown][] = [
    ['POST', '/api/marketplace/buy', (id) => ({ listingId: id })],
    ['POST', '/api/battle', (id) => ({ characterId: id })],
    ['POST', '/api/marketplace/sell', (id) => ({ characterId: id, price: 100 })],
    ['POST', '/api/marketplace', (id) => ({ characterId: id, price: 100 })],
    ['POST', '/api/pvp/join-queue', (id) => ({ characterId: id })],
    ['POST', '/api/character/change-image-set', (id) => ({ characterId: id, imageSet: 'neon' })],
    ['POST', '/api/guilds/battles', (id) => ({ defenderGuildId: id })],
  ];
  for (const [method, path, body] of bodies) {
    it(`${method} ${path} answers 400 for every bad id`, async () => {
      for (const id of BAD_IDS) {
        const res = await p.request(method, path, body(id));
        expect(res.status, `${path} with ${id}`).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
    });
  }

  it('refuses bad ids in the body of equip, learn-skill and upgrade-skill, and in paths', async () => {
    for (const id of BAD_IDS) {
      const equip = await p.post(`/api/characters/${character.id}/equip`, { equipmentId: id, slot: 'weapon' });
      expect(equip.status).toBe(400);
      const learn = await p.post(`/api/characters/${character.id}/learn-skill`, { skillId: id });
      expect(learn.status).toBe(400);
      const upgrade = await p.post(`/api/characters/${character.id}/upgrade-skill`, { skillId: id });
      expect(upgrade.status).toBe(400);
      // In a path, an id that is not 1 to 2^31 - 1 in plain digits is malformed input: 400.
      expect((await p.post(`/api/characters/${id}/upgrade-skill`, { skillId: 1 })).status).toBe(400);
      for (const path of [`/api/characters/${id}/equipment`, `/api/characters/${id}/skills`, `/api/characters/${id}/progression`]) {
        expect((await p.get(path)).status, path).toBe(400);
      }
      expect((await p.post(`/api/characters/${id}/equip`, { equipmentId: 1, slot: 'weapon' })).status).toBe(400);
      expect((await p.request('DELETE', `/api/marketplace/${id}`)).status).toBe(400);
    }
    expect((await p.get(`/api/chat/messages?before=1e308`)).status).toBe(400);
  });

  it('reads a path id only in plain digits: 0x10, spaces, leading zeros and exponents are 400 and buy nothing', async () => {
    const buyer = new Player(t.base);
    await buyer.register();
    const fighter = (await buyer.post('/api/characters', { name: 'Strict Ids', class: 'warrior' })).body as CharacterView;
    const catalogue = (await buyer.get('/api/equipment')).body as EquipmentItemView[];
    const credits = async () => ((await buyer.get('/api/user')).body as { credits: number }).credits;
    const before = await credits();
    // An item the buyer could buy, written as its id the ways a number parser reads it anyway.
    const cheap = catalogue.find((i) => i.level <= 1 && i.price > 0 && i.price <= before)!;
    expect(cheap).toBeDefined();
    const spellings = ['0x10', '%20%201', '00000000001', '1e0', '2147483648', '+1', '1.0', '%201', `0${cheap.id}`, `${cheap.id}e0`, `0x${cheap.id.toString(16)}`, `%09${cheap.id}`, `${cheap.id}.0`];
    for (const raw of spellings) {
      const res = await buyer.post(`/api/equipment/${raw}/buy`);
      expect([res.status, res.body.message], raw).toEqual([400, PATH_ID_MESSAGE]);
    }
    expect(await credits()).toBe(before);
    expect((await buyer.get(`/api/characters/${fighter.id}/equipment`)).body).toEqual([]);
    // Well formed but unknown: 404, as before.
    expect((await buyer.post('/api/equipment/2147483647/buy')).status).toBe(404);
    // The same rule on every route with an id in its path.
    for (const [method, path] of [
      ['GET', '/api/characters/0x1/progression'],
      ['POST', '/api/characters/01/allocate-stats'],
      ['GET', '/api/characters/1e0/skills'],
      ['GET', '/api/characters/%201/battles'],
      ['GET', '/api/replays/0x1'],
      ['DELETE', '/api/marketplace/00001'],
      ['POST', '/api/marketplace/1e0/view'],
      ['POST', '/api/marketplace/-1/like'],
      ['POST', '/api/guilds/0x1/join'],
      ['POST', '/api/guilds/invitations/1.0/accept'],
      ['POST', '/api/guilds/members/2147483648/role'],
      ['POST', '/api/guilds/battles/+1/decline'],
    ] as const) {
      const res = await buyer.request(method, path, method === 'POST' ? {} : undefined);
      expect([res.status, res.body.message], `${method} ${path}`).toEqual([400, PATH_ID_MESSAGE]);
    }
    expect(await credits()).toBe(before);
    // The plain spelling still buys.
    expect((await buyer.post(`/api/equipment/${cheap.id}/buy`)).status).toBe(200);
  });

  it('answers the socket error for bad ids in pvp_join_queue and pvp_action, and keeps the socket open', async () => {
    const socket = await TestSocket.open(t.base, p.cookie);
    try {
      for (const id of BAD_IDS) {
        const join = await socket.ask({ type: 'pvp_join_queue', characterId: id }, 'error');
        expect(join.message).toBe('Create a character first');
        const action = await socket.ask({ type: 'pvp_action', battleId: id, action: 'attack' }, 'error');
        expect(action.message).toBe('Unknown battle');
      }
      // Still open and answering.
      expect((await socket.ask({ type: 'ping' }, 'pong')).type).toBe('pong');
    } finally {
      socket.close();
    }
  });
});

describe('invisible and impersonating names and texts', () => {
  const ZWSP = '\u200b';
  const RLO = '\u202e';

  it('refuses a character name made only of format characters, or holding a bidi override', async () => {
    const fresh = new Player(t.base);
    await fresh.register();
    for (const name of [ZWSP.repeat(3), `\u2060${ZWSP}\ufeff`, `${RLO}evil`, `ab\u2066cd`]) {
      const res = await fresh.post('/api/characters', { name, class: 'mage' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toMatch(/^Character name /);
    }
    expect((await fresh.get('/api/characters')).body).toEqual([]);
    // A visible name with an emoji joiner inside is fine.
    expect((await fresh.post('/api/characters', { name: 'Kit 👩‍💻', class: 'mage' })).status).toBe(201);
  });

  it('refuses invisible guild names and descriptions, and bidi overrides in guild names', async () => {
    const founder = new Player(t.base);
    await founder.register();
    const base = { guildAvatar: 'wolf', isPrivate: false, maxMembers: 20 };
    const cases = [
      { name: ZWSP.repeat(5), description: '' },
      { name: `Ok${RLO}Guild`, description: '' },
      { name: 'Fine Guild', description: `${ZWSP}${ZWSP}` },
    ];
    for (const body of cases) {
      const res = await founder.post('/api/guilds', { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Guild (name|description) /);
    }
    expect(await founder.get('/api/guilds/my-guild')).toMatchObject({ status: 200, body: null });
    expect((await founder.post('/api/guilds', { ...base, name: 'Fine Guild', description: '' })).status).toBe(201);
  });

  it('refuses a chat message that is empty once format characters are removed, over HTTP and the socket', async () => {
    // Players' messages only: the arena's announcements (e.g. a guild founded above) come when they come.
    const players = async () => ((await p.get('/api/chat/messages')).body as { type: string }[]).filter((m) => m.type !== 'system').length;
    const before = await players();
    const res = await p.post('/api/chat/messages', { message: `${ZWSP}\u2063${ZWSP}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Message cannot be empty');
    expect((await p.post('/api/chat/messages', { message: 'nul\u0000byte' })).status).toBe(400);
    const socket = await TestSocket.open(t.base, p.cookie);
    try {
      const refused = await socket.ask({ type: 'chat_message', text: ZWSP.repeat(10), clientId: 'c1' }, 'error');
      expect(refused.message).toBe('Message cannot be empty');
    } finally {
      socket.close();
    }
    expect(await players()).toBe(before);
  });

  it('refuses names and texts of blanks or lone marks, and a character smeared with marks', async () => {
    const fresh = new Player(t.base);
    await fresh.register();
    for (const name of ['\u0301\u0308\u0303', '\ufe0f\ufe0f', '\u3164\u0301', '\u2800\u2800', 'x\u0336\u0334\u0353\u0489\u0336']) {
      const res = await fresh.post('/api/characters', { name, class: 'mage' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toMatch(/^Character name (must contain visible characters|may not stack more than 4 accents or marks on one character)$/);
    }
    expect((await fresh.get('/api/characters')).body).toEqual([]);
    const base = { guildAvatar: 'wolf', isPrivate: false, maxMembers: 20 };
    for (const body of [{ name: '\u3164\u3164\u3164' }, { name: '\u115f\u1160\uffa0' }, { name: 'Blank Desc', description: '\u2800\u3164' }]) {
      const res = await fresh.post('/api/guilds', { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Guild (name|description) must contain visible characters$/);
    }
    expect(await fresh.get('/api/guilds/my-guild')).toMatchObject({ status: 200, body: null });
    // Real writing with its marks is fine.
    expect((await fresh.post('/api/characters', { name: 'अर्जुन Nguyễn', class: 'mage' })).status).toBe(201);
  });

  it('refuses chat with a bidi control or one letter smeared with marks, over HTTP and the socket', async () => {
    const players = async () => ((await p.get('/api/chat/messages')).body as { type: string }[]).filter((m) => m.type !== 'system').length;
    const before = await players();
    const bidi = await p.post('/api/chat/messages', { message: 'hi \u202eexe.gnp' });
    expect([bidi.status, bidi.body.message]).toEqual([400, 'Message may not contain text-direction control characters']);
    const smear = await p.post('/api/chat/messages', { message: 'a' + '\u0301'.repeat(498) });
    expect([smear.status, smear.body.message]).toEqual([400, 'Message may not stack more than 4 accents or marks on one character']);
    expect((await p.post('/api/chat/messages', { message: '\u3164\u3164\u3164' })).body.message).toBe('Message cannot be empty');
    const socket = await TestSocket.open(t.base, p.cookie);
    try {
      expect((await socket.ask({ type: 'chat_message', text: 'hi \u2066exe.gnp', clientId: 'c2' }, 'error')).message).toBe('Message may not contain text-direction control characters');
      expect((await socket.ask({ type: 'chat_message', text: 'Z' + '\u0336'.repeat(40), clientId: 'c3' }, 'error')).message).toMatch(/stack more than 4/);
    } finally {
      socket.close();
    }
    expect(await players()).toBe(before);
    // Emoji sequences, Hindi, Korean and Japanese pass.
    expect((await p.post('/api/chat/messages', { message: '👩‍💻👍🏽 नमस्ते 안녕 こんにちは' })).status).toBe(201);
  });

  it('keeps System, admin, moderator and Glitch Arena for the game, in any case or spelling', async () => {
    for (const username of ['System', 'SYSTEM', 'admin', 'Admin', 'moderator', 'MODERATOR', 'Glitch_Arena', 'glitch-arena', 'GlitchArena']) {
      const res = await new Player(t.base).post('/api/register', { username, password: 'secret-pass' });
      expect(res.status, username).toBe(400);
      expect(res.body.message).toBe('That username is reserved. Please choose another.');
    }
    // Names that merely contain a reserved word are fine.
    expect((await new Player(t.base).post('/api/register', { username: uniqueName('sysadm'), password: 'secret-pass' })).status).toBe(201);
  });

  it('keeps them for characters and guilds too, in look-alike spellings', async () => {
    const fresh = new Player(t.base);
    await fresh.register();
    for (const name of ['Adm1n', 'System', 'sуstem', 'G1itch_Arena', 'ＭＯＤＥＲＡＴＯＲ']) {
      const res = await fresh.post('/api/characters', { name, class: 'rogue' });
      expect([res.status, res.body.message], name).toEqual([400, 'That character name is reserved. Please choose another.']);
    }
    const base = { guildAvatar: 'wolf', isPrivate: false, maxMembers: 20 };
    for (const name of ['ＳＹＳＴＥＭ', 'Glitch Arena', 'M0d3rat0r', 'ᴀᴅᴍɪɴ']) {
      const res = await fresh.post('/api/guilds', { ...base, name });
      expect([res.status, res.body.message], name).toEqual([400, 'That guild name is reserved. Please choose another.']);
    }
    expect(await fresh.get('/api/guilds/my-guild')).toMatchObject({ status: 200, body: null });
    const username = await new Player(t.base).post('/api/register', { username: 'Adm1n', password: 'secret-pass' });
    expect([username.status, username.body.message]).toEqual([400, 'That username is reserved. Please choose another.']);
    // Names that only begin like one are free.
    expect((await fresh.post('/api/characters', { name: 'Admiral', class: 'rogue' })).status).toBe(201);
    expect((await fresh.post('/api/guilds', { ...base, name: 'Systemic' })).status).toBe(201);
  });
});

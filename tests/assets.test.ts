import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_IDS, CLASS_IDS } from '../src/common/characters';
import { avatarSpriteFile, enemySpriteFile } from '../src/common/sprite-files';
import { DEFAULT_ASSET_DIR } from '../src/server/http/asset-routes';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/assets/{file}', () => {
  it('serves every avatar and enemy sprite as SVG with a year of caching', async () => {
    const files = [...AVATAR_IDS.map((id) => avatarSpriteFile(id)), ...CLASS_IDS.map(enemySpriteFile)];
    expect(files).toHaveLength(14);
    for (const file of files) {
      const res = await fetch(`${t.base}/api/assets/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toMatch(/^<svg[^>]+viewBox="0 0 32 32"/);
    }
  });

  it('serves only names from the asset folder: anything else is a JSON 404', async () => {
    const known = new Set(readdirSync(DEFAULT_ASSET_DIR));
    for (const path of [
      'nope.svg',
      '..%2Fpackage.json',
      '%2E%2E%2F%2E%2E%2Fpackage.json',
      '..%5C..%5Cpackage.json',
      '.%2Fwarrior1.svg',
    ]) {
      expect(known.has(decodeURIComponent(path))).toBe(false);
      const res = await fetch(`${t.base}/api/assets/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Asset not found' });
    }
    // Unencoded dots are resolved by the client before sending: it becomes /package.json,
    // which is no file of ours, so the game's page answers.
    const traversal = await fetch(`${t.base}/api/assets/../../package.json`);
    expect(await traversal.text()).not.toContain('"name": "glitch-arena"');
  });
});

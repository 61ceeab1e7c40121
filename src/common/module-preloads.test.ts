import { describe, expect, it } from 'vitest';
import { MODULE_PRELOAD_SCRIPT, modulePreloadScript, modulePreloadsOf } from './module-preloads';

describe('module preloads from an inline script', () => {
  it('writes the list into the tag and reads it back, the script text always the same', () => {
    const tag = modulePreloadScript(['/assets/react-Cp0j.js', '/assets/characters-page-BkWt.js']);
    expect(tag).toBe(`<script data-modules="/assets/react-Cp0j.js /assets/characters-page-BkWt.js">${MODULE_PRELOAD_SCRIPT}</script>`);
    expect(modulePreloadsOf(`<head>\n    ${tag}\n<style></style>`)).toEqual(['/assets/react-Cp0j.js', '/assets/characters-page-BkWt.js']);
    expect(modulePreloadsOf('<head><link rel="modulepreload" href="/a.js"></head>')).toEqual([]);
  });

  it('refuses a path that could break out of the attribute or is not the site’s own', () => {
    expect(() => modulePreloadScript(['/assets/a.js" onload="x'])).toThrow(/not a plain path/);
    expect(() => modulePreloadScript(['https://elsewhere.example/a.js'])).toThrow(/not a plain path/);
    expect(() => modulePreloadScript(['/assets/a b.js'])).toThrow(/not a plain path/);
  });
});

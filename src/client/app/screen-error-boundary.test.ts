import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './screen-error-boundary';

describe('isChunkLoadError', () => {
  it("recognises each browser's words for a screen's code that did not load", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost:5000/assets/forge-page-abc123.js',
      'error loading dynamically imported module: http://localhost:5000/assets/forge-page-abc123.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/forge-page-abc123.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('treats other faults as a crash of the screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

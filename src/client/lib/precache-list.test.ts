import { describe, expect, it } from 'vitest';
import { precacheList, type BuiltFile } from './precache-list';

const build: BuiltFile[] = [
  { fileName: 'index.html', source: '<!doctype html><script src="/assets/index-a1.js"></script>' },
  { fileName: 'offline.html', source: '<p>You are offline</p>' },
  { fileName: 'manifest.webmanifest', source: '{"name":"Glitch Arena"}' },
  { fileName: 'icons/icon-192.png', source: new Uint8Array([1, 2, 3]) },
  { fileName: 'assets/index-a1.js', source: 'console.log(1)' },
  { fileName: 'assets/index-a1.js.br', source: new Uint8Array([9]) },
  { fileName: 'assets/index-a1.js.gz', source: new Uint8Array([9]) },
  { fileName: 'assets/index-a1.js.map', source: '{}' },
  { fileName: 'assets/press-start-2p-b2.woff', source: new Uint8Array([5]) },
  { fileName: 'sw.js', source: 'self.addEventListener()' },
  { fileName: 'stats.txt', source: 'x' },
];

describe('precacheList', () => {
  it('keeps the shell, the offline screen, the manifest, its icons and the hashed assets, sorted', () => {
    expect(precacheList(build).urls).toEqual([
      '/assets/index-a1.js',
      '/assets/press-start-2p-b2.woff',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
      '/offline.html',
    ]);
  });

  it('does not depend on the order the build lists its files in', () => {
    expect(precacheList([...build].reverse())).toEqual(precacheList(build));
  });

  it('gives a new version when a hashed file is replaced by another', () => {
    const next = build.map((f) => (f.fileName === 'assets/index-a1.js' ? { ...f, fileName: 'assets/index-c3.js' } : f));
    expect(precacheList(next).version).not.toBe(precacheList(build).version);
  });

  it('gives a new version when an unhashed file changes its contents', () => {
    const next = build.map((f) => (f.fileName === 'offline.html' ? { ...f, source: '<p>You are offline!</p>' } : f));
    expect(precacheList(next).version).not.toBe(precacheList(build).version);
    const icon = build.map((f) => (f.fileName === 'icons/icon-192.png' ? { ...f, source: new Uint8Array([1, 2, 4]) } : f));
    expect(precacheList(icon).version).not.toBe(precacheList(build).version);
  });

  it('keeps the version when only files it does not store change', () => {
    const next = build.map((f) => (f.fileName === 'sw.js' || f.fileName.endsWith('.map') ? { ...f, source: 'changed' } : f));
    expect(precacheList(next).version).toBe(precacheList(build).version);
  });
});

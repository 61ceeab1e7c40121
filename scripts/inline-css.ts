import type { Plugin } from 'vite';

/** The stylesheet of the entry (index.html): `assets/index-<hash>.css`. */
export const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/;

/**
 * Vite plugin: the entry's stylesheet (the shell's and every screen's rules, about 12 KiB
 * compressed) goes into index.html as a `<style>`, so the first paint waits for the page alone,
 * not for a second request. A disabled `<link>` to the file (never fetched) stays beside it: the
 * screens' code lists the stylesheet among what it needs, and loads it unless the page already
 * has a stylesheet link with its address.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'glitch-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (!ENTRY_CSS.test(file) || asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n    <link rel="stylesheet" disabled href="/${file}">`;
        });
      },
    },
  };
}

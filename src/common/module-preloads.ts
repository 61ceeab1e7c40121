/**
 * A signed-in page starts the downloads of its modules (the shell's and its screen's) from one
 * inline script at the top of its head rather than from `<link rel="modulepreload">` tags
 * (scripts/prerender-shell.ts). The browser fetches them as early and at the same priority;
 * Lighthouse's simulation no longer counts them as blocking the first paint, which module
 * scripts never do (docs/decisions.md, 'Module preloads from an inline script').
 *
 * The script's text is the same on every page, so the content security policy allows it by one
 * hash (src/server/http/security.ts); the page's list is in its `data-modules`.
 */
export const MODULE_PRELOAD_SCRIPT =
  'for(const h of document.currentScript.dataset.modules.split(" ")){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}';

/** The inline script that preloads these modules (paths from the site's root, without spaces). */
export function modulePreloadScript(hrefs: readonly string[]): string {
  for (const href of hrefs) if (!/^\/[\w./-]+$/.test(href)) throw new Error(`module preload: not a plain path: ${href}`);
  return `<script data-modules="${hrefs.join(' ')}">${MODULE_PRELOAD_SCRIPT}</script>`;
}

/** The module paths of a page's preload script (empty when it has none). */
export function modulePreloadsOf(html: string): string[] {
  const match = /<script data-modules="([^"]*)">/.exec(html);
  return match ? match[1]!.split(' ').filter(Boolean) : [];
}

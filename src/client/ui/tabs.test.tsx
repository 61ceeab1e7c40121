import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

/** The markup of three tabs, the second open (the keyboard is the end-to-end tests': e2e/focus.test.ts). */
interface Element {
  attrs: Record<string, string>;
  text: string;
}

/** The elements of a role in server-rendered markup, with their attributes and their text up to the next tag. */
const withRole = (html: string, role: string): Element[] =>
  [...html.matchAll(/<\w+([^>]*)>([^<]*)/g)]
    .map((m) => ({ attrs: Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])), text: m[2]! }))
    .filter((e) => e.attrs.role === role);

function markup(props: { value?: string; defaultValue?: string }, forceMount = false): string {
  const html = renderToString(
    <Tabs {...props}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one" forceMount={forceMount}>
        First
      </TabsContent>
      <TabsContent value="two" forceMount={forceMount}>
        Second
      </TabsContent>
      <TabsContent value="three" forceMount={forceMount}>
        Third
      </TabsContent>
    </Tabs>,
  );
  return html;
}

describe('Tabs', () => {
  it('marks the open tab selected and the only one in the Tab order, its panel labelled by it', () => {
    for (const html of [markup({ defaultValue: 'two' }), markup({ value: 'two' })]) {
      const tabs = withRole(html, 'tab');
      expect(withRole(html, 'tablist').map((l) => l.attrs['aria-label'])).toEqual(['Sections']);
      expect(tabs.map((t) => t.text)).toEqual(['One', 'Two', 'Three']);
      expect(tabs.map((t) => t.attrs['aria-selected'])).toEqual(['false', 'true', 'false']);
      expect(tabs.map((t) => t.attrs.tabindex)).toEqual(['-1', '0', '-1']);
      expect(tabs.map((t) => t.attrs['data-state'])).toEqual(['inactive', 'active', 'inactive']);
      const panels = withRole(html, 'tabpanel');
      expect(panels.map((p) => p.text)).toEqual(['Second']);
      expect(panels[0]!.attrs['aria-labelledby']).toBe(tabs[1]!.attrs.id);
      expect(tabs[1]!.attrs['aria-controls']).toBe(panels[0]!.attrs.id);
      expect(new Set(tabs.map((t) => t.attrs.id)).size).toBe(3);
    }
  });

  it('keeps every panel in the page with forceMount, each saying whether it is open', () => {
    const panels = withRole(markup({ defaultValue: 'one' }, true), 'tabpanel');
    expect(panels.map((p) => `${p.text}:${p.attrs['data-state']}`)).toEqual(['First:active', 'Second:inactive', 'Third:inactive']);
  });
});

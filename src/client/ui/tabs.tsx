import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@client/lib/cn';

/**
 * Tabs as the WAI-ARIA tabs pattern (automatic activation): one tab in the Tab order, the
 * arrow keys, Home and End move along the list (and wrap), and the focused tab's panel shows.
 * The kit's own rather than Radix's: the login screen has tabs, and Radix Tabs brought their
 * roving-focus, collection and presence code (about 7 KiB compressed) onto the first screen.
 * The markup keeps Radix's attributes (`data-state`, `data-orientation`), which the styles use.
 */

interface TabsState {
  value: string;
  select(value: string): void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const idOf = (baseId: string, part: 'trigger' | 'content', value: string) => `${baseId}-${part}-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  /** The open tab, when the caller holds it (with `onValueChange`). */
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const baseId = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End (and Page Up and Page Down) move the focus along the list's tabs (focus opens a tab). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, PageUp: 0, End: tabs.length - 1, PageDown: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tabs[(next + tabs.length) % tabs.length]!.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('flex w-full flex-wrap gap-1 border-b-4 border-edge bg-void/60 p-1 pb-0', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, onFocus, onMouseDown, onKeyDown, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, 'trigger', value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, 'content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      className={cn(
        'relative -mb-1 flex-1 cursor-pointer border-4 border-b-0 border-transparent px-2 py-3 sm:px-3 font-pixel text-pixel-xs text-ink-muted uppercase',
        'hover:text-ink focus-visible:outline-offset-0',
        'data-[state=active]:border-edge data-[state=active]:bg-panel data-[state=active]:text-neon-cyan',
        'data-[state=active]:after:absolute data-[state=active]:after:inset-x-0 data-[state=active]:after:-bottom-1 data-[state=active]:after:h-1 data-[state=active]:after:bg-panel',
        className,
      )}
      // A press opens the tab at once (as Radix's), a focus from the keyboard too.
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!props.disabled && event.button === 0 && !event.ctrlKey) tabs.select(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter' || event.key === ' ') tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

/** A tab's panel; `forceMount` keeps an inactive one in the page (its `data-state` says which). */
export function TabsContent({ className, value, forceMount, ...props }: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, 'content', value)}
      aria-labelledby={idOf(tabs.baseId, 'trigger', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={0}
      className={cn('pt-5 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}

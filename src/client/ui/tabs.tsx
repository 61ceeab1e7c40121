import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@client/lib/cn';

/**
 * Tabs as WAI-ARIA's tabs pattern, the way Radix Tabs drew them (same roles, ids, `data-state`
 * and keys) without its code on the login screen: one Tab stop, the selected tab; the arrow keys
 * move along the tabs (and round), Home and End to the ends, and a tab that gets the focus from
 * the keyboard is selected at once. Unselected panels are not rendered unless `forceMount`.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'trigger' | 'content', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const base = useId();
  const current = value ?? own;
  const state: TabsState = {
    value: current,
    select: (next) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    idOf: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move the focus among the list's enabled tabs. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const last = tabs.length - 1;
  const next = { ArrowRight: at + 1 > last ? 0 : at + 1, ArrowLeft: at - 1 < 0 ? last : at - 1, Home: 0, End: last }[event.key];
  if (next === undefined || at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  tabs[next]?.focus();
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

export interface TabsTriggerProps extends ComponentProps<'button'> {
  value: string;
}

export function TabsTrigger({ value, className, disabled, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('trigger', value)}
      aria-selected={selected}
      aria-controls={tabs.idOf('content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'relative -mb-1 flex-1 cursor-pointer border-4 border-b-0 border-transparent px-2 py-3 sm:px-3 font-pixel text-pixel-xs text-ink-muted uppercase',
        'hover:text-ink focus-visible:outline-offset-0',
        'data-[state=active]:border-edge data-[state=active]:bg-panel data-[state=active]:text-neon-cyan',
        'data-[state=active]:after:absolute data-[state=active]:after:inset-x-0 data-[state=active]:after:-bottom-1 data-[state=active]:after:h-1 data-[state=active]:after:bg-panel',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A press selects at once; any other button or a ctrl-press leaves the focus where it was.
        if (!disabled && event.button === 0 && !event.ctrlKey && !event.defaultPrevented) tabs.select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if ((event.key === ' ' || event.key === 'Enter') && !disabled) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!selected && !disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
  /** Rendered (hidden) while another tab is selected, keeping its state. */
  forceMount?: boolean;
}

export function TabsContent({ value, forceMount, className, ...props }: TabsContentProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('content', value)}
      aria-labelledby={tabs.idOf('trigger', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      tabIndex={0}
      className={cn('pt-5 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}

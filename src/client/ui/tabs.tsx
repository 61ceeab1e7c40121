import type { ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '@client/lib/cn';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('flex w-full flex-wrap gap-1 border-b-4 border-edge bg-void/60 p-1 pb-0', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'relative -mb-1 flex-1 cursor-pointer border-4 border-b-0 border-transparent px-2 py-3 sm:px-3 font-pixel text-pixel-xs text-ink-muted uppercase',
        'hover:text-ink focus-visible:outline-offset-0',
        'data-[state=active]:border-edge data-[state=active]:bg-panel data-[state=active]:text-neon-cyan',
        'data-[state=active]:after:absolute data-[state=active]:after:inset-x-0 data-[state=active]:after:-bottom-1 data-[state=active]:after:h-1 data-[state=active]:after:bg-panel',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-5 focus-visible:outline-offset-4', className)} {...props} />;
}

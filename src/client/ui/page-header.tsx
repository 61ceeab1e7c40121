import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { useDocumentTitle } from '@client/lib/use-document-title';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Buttons or stats shown at the right of the title (below it on phones). */
  actions?: ReactNode;
  /** Less room under the title, for screens whose main button must be on the first screen. */
  compact?: boolean;
  className?: string;
}

/** The title block of a screen; also names the browser tab after the screen. */
export function PageHeader({ title, subtitle, icon, actions, compact = false, className }: PageHeaderProps) {
  useDocumentTitle(title);

  return (
    <header
      className={cn(
        'flex flex-col gap-4 border-b-4 border-dashed border-edge sm:flex-row sm:items-end sm:justify-between',
        compact ? 'mb-4 pb-3 sm:mb-5' : 'mb-8 pb-5',
        className,
      )}
    >
      <div className="flex min-w-0 items-center gap-4">
        {icon ? (
          // Below 15rem (a phone at 200 % zoom) the title needs the room more than the icon does.
          <div aria-hidden className="hidden size-12 shrink-0 min-[15rem]:grid place-items-center border-2 border-neon-magenta bg-panel-2 text-neon-magenta [&_svg]:size-6">
            {icon}
          </div>
        ) : null}
        <div className="min-w-0">
          <h1 className="font-pixel text-pixel-md leading-snug [overflow-wrap:anywhere] text-neon-cyan sm:text-pixel-lg">{title}</h1>
          {subtitle ? <p className="mt-2 text-lg text-ink-muted">{subtitle}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </header>
  );
}

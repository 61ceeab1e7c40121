import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { useDocumentTitle } from '@client/lib/use-document-title';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Buttons or stats shown at the right of the title (below it on phones). */
  actions?: ReactNode;
  className?: string;
}

/** The title block of a screen; also names the browser tab after the screen. */
export function PageHeader({ title, subtitle, icon, actions, className }: PageHeaderProps) {
  useDocumentTitle(title);

  return (
    <header
      className={cn(
        'mb-8 flex flex-col gap-4 border-b-4 border-dashed border-edge pb-5 sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div className="flex min-w-0 items-center gap-4">
        {icon ? (
          <div aria-hidden className="grid size-12 shrink-0 place-items-center border-2 border-neon-magenta bg-panel-2 text-neon-magenta [&_svg]:size-6">
            {icon}
          </div>
        ) : null}
        <div className="min-w-0">
          <h1 className="font-pixel text-pixel-md leading-snug text-neon-cyan sm:text-pixel-lg">{title}</h1>
          {subtitle ? <p className="mt-2 text-lg text-ink-muted">{subtitle}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </header>
  );
}

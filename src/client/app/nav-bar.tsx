import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LogIn } from 'lucide-react';
import { PRODUCT_NAME } from '@common/constants';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { SettingsMenu } from './settings-menu';

export function GameTitle({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn('shrink-0 font-pixel text-pixel-xs text-ink no-underline sm:text-pixel-sm lg:text-pixel-md', className)}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <span className="glitch" data-text={PRODUCT_NAME}>
        {PRODUCT_NAME}
      </span>
    </Link>
  );
}

function LoginButton() {
  const [location] = useLocation();
  // On the login screen itself it leads nowhere new: shown (SPEC), but not a Tab stop before the form.
  const here = location === '/auth';
  return (
    <Button asChild size="sm" variant="primary">
      <Link href="/auth" tabIndex={here ? -1 : undefined} aria-current={here ? 'page' : undefined}>
        <LogIn aria-hidden />
        Login
      </Link>
    </Button>
  );
}

/** The top bar's frame: its row (title, account, settings) and what goes under it (the wide screens' entries). */
export function NavHeader({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b-4 border-edge bg-panel/95 backdrop-blur-sm [@media(max-height:30rem)]:static">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:px-5">{children}</div>
      {below}
    </header>
  );
}

/**
 * The top bar of a visitor nobody signed in: the title, the settings and Login. Signed out,
 * every path shows the login screen: no entries, nor a drawer of them. A signed-in player's bar
 * loads with their screens (player-nav.tsx).
 */
export function SignedOutNavBar() {
  return (
    <NavHeader>
      <GameTitle className="mr-auto" />
      <SettingsMenu />
      <LoginButton />
    </NavHeader>
  );
}

import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Coins, LogIn, LogOut, Menu, Timer, UserCog, type LucideIcon } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import { formatCooldown } from '@common/current-character';
import { PRODUCT_NAME, PVE_COOLDOWN_MS, formatCredits } from '@common/constants';
import { NAV_ENTRIES } from '@common/routes';
import { cn } from '@client/lib/cn';
import { useLogout } from '@client/lib/use-auth';
import { Button } from '@client/ui/button';
import type { NavIcons } from './nav-drawer';
import { SettingsMenu } from './settings-menu';
import { useMediaQuery } from './use-media-query';
import { useCooldown } from '@client/entities/battle/use-cooldown';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';


const loadDrawer = () => import('./nav-drawer');
const NavDrawerContent = lazy(async () => ({ default: (await loadDrawer()).NavDrawerContent }));

/** Wide screens show the entries in the bar; narrower ones use the side drawer. */
const WIDE_SCREEN = '(min-width: 1024px)';

/** Only the screen's own path lights its entry: an unknown path (which shows home) lights none. */
function isActive(path: string, location: string): boolean {
  return location === path;
}

/** The PvE cooldown of the current character, beside the Battle entry; gone once it may fight. */
function NavCooldown({ ms }: { ms: number }) {
  if (ms <= 0) return null;
  return (
    <span
      data-testid="nav-cooldown"
      title="Battle cooldown"
      className="inline-flex items-center gap-1 border border-gold/70 bg-gold/10 px-1 font-pixel text-pixel-2xs leading-5 text-gold tabular-nums"
    >
      <Timer aria-hidden className="size-3 shrink-0" />
      <span className="sr-only">cooldown </span>
      {formatCooldown(ms)}
    </span>
  );
}

function GameTitle({ className }: { className?: string }) {
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

/** The player's account page (password, sessions): beside Logout in the bar, last in the drawer. */
const ACCOUNT_PATH = '/account';

interface NavEntryLinkProps {
  path: string;
  label: string;
  /** Shown in the drawer only. */
  icon?: LucideIcon;
  layout: 'bar' | 'drawer';
  onNavigate?: () => void;
  testId?: string;
  /** A countdown shown after the label (the Battle entry's cooldown). */
  cooldownMs?: number;
}

function NavEntryLink({ path, label, icon: Icon, layout, onNavigate, testId, cooldownMs = 0 }: NavEntryLinkProps) {
  const [location] = useLocation();
  const active = isActive(path, location);
  return (
    <Link
      href={path}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
      className={cn(
        'flex items-center gap-2 border-2 no-underline transition-colors',
        layout === 'bar' ? 'px-1.5 py-1 text-lg xl:px-2.5' : 'px-3 py-2 text-lg',
        active
          ? 'border-neon-cyan bg-neon-cyan/15 text-neon-cyan'
          : 'border-transparent text-ink-muted hover:border-edge-bright hover:bg-panel-3 hover:text-ink',
      )}
    >
      {layout === 'drawer' && Icon ? <Icon aria-hidden className="size-5 shrink-0" /> : null}
      <span>{label}</span>
      <NavCooldown ms={cooldownMs} />
    </Link>
  );
}

function NavEntries({ layout, onNavigate, cooldownMs, icons }: { layout: 'bar' | 'drawer'; onNavigate?: () => void; cooldownMs: number; icons?: NavIcons }) {
  return (
    <ul className={cn(layout === 'bar' ? 'flex flex-wrap items-center gap-0.5 xl:justify-between' : 'flex flex-col gap-1 p-3')}>
      {NAV_ENTRIES.map(({ label, path }) => (
        <li key={path}>
          <NavEntryLink
            path={path}
            label={label}
            icon={icons?.[path]}
            layout={layout}
            onNavigate={onNavigate}
            cooldownMs={path === '/battle' ? cooldownMs : 0}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The side drawer of narrow screens. Its dialog code loads on the first press of the menu
 * button, not with the page (nav-drawer.tsx); the drawer opens on its first entry.
 */
function NavDrawer({ signedIn, cooldownMs }: { signedIn: boolean; cooldownMs: number }) {
  const [location] = useLocation();
  // The drawer belongs to the screen it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (next: boolean) => setOpenOn(next ? location : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Mounted from the first press on, so that closing can run (and give the focus back).
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="border-2 border-edge-bright"
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <NavDrawerContent
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => menuButton.current?.focus()}
            entries={(icons) => <NavEntries layout="drawer" icons={icons} onNavigate={() => setOpen(false)} cooldownMs={cooldownMs} />}
            account={
              signedIn ? (
                <NavEntryLink path={ACCOUNT_PATH} label="Account" icon={UserCog} layout="drawer" onNavigate={() => setOpen(false)} testId="nav-account" />
              ) : null
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

function CreditsBalance({ credits }: { credits: number }) {
  return (
    <div
      className="flex items-center gap-1.5 border-2 border-gold/70 bg-gold/10 px-2 py-1 text-gold"
      title="Credits"
    >
      <Coins aria-hidden className="size-4 shrink-0" />
      <span className="sr-only">Credits: </span>
      <span data-testid="nav-credits" className="font-pixel text-pixel-2xs leading-none sm:text-pixel-xs">
        {formatCredits(credits)}
      </span>
    </div>
  );
}

function LoginButton() {
  return (
    <Button asChild size="sm" variant="primary">
      <Link href="/auth">
        <LogIn aria-hidden />
        Login
      </Link>
    </Button>
  );
}

function AccountButton() {
  const [location] = useLocation();
  const active = isActive(ACCOUNT_PATH, location);
  return (
    <Button
      asChild
      size="sm"
      variant="ghost"
      className={cn('border-2', active ? 'border-neon-cyan bg-neon-cyan/15 text-neon-cyan' : 'border-edge-bright')}
    >
      <Link href={ACCOUNT_PATH} aria-current={active ? 'page' : undefined} data-testid="nav-account">
        <UserCog aria-hidden />
        Account
      </Link>
    </Button>
  );
}

/**
 * 'Welcome, {name}' and Logout: a row of its own under the title on narrow screens. Wide
 * screens also show the Account link here; narrow ones have it in the drawer.
 */
function PlayerRow({ user, wide }: { user: PublicUser; wide: boolean }) {
  const logout = useLogout();
  return (
    <div className="flex w-full min-w-0 items-center justify-between gap-3 lg:w-auto lg:justify-end">
      <span data-testid="nav-welcome" className="min-w-0 truncate text-base text-ink-muted sm:text-lg">
        Welcome, {user.username}
      </span>
      <div className="flex shrink-0 items-center gap-2">
        {wide ? <AccountButton /> : null}
        <Button size="sm" variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </div>
    </div>
  );
}

/** The top bar: title, the screens of the game (or a drawer on small screens) and the account. */
export function NavBar({ user }: { user: PublicUser | null }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  // The current character's PvE cooldown, once the player is known.
  const { character } = useCurrentCharacter({ enabled: user !== null });
  const cooldownMs = useCooldown(user ? character?.lastBattleAt : null, PVE_COOLDOWN_MS);
  const [location] = useLocation();
  // Signed out, every path shows the login screen: no entries (nor a drawer of them), and no
  // Login button on /auth itself, so the form is the fifth Tab stop.
  const entries = user !== null;
  return (
    <header className="sticky top-0 z-40 border-b-4 border-edge bg-panel/95 backdrop-blur-sm [@media(max-height:30rem)]:static">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:px-5">
        {wide || !entries ? null : <NavDrawer signedIn cooldownMs={cooldownMs} />}
        <GameTitle className="mr-auto" />
        {user ? (
          <>
            <CreditsBalance credits={user.credits} />
            <SettingsMenu />
            <PlayerRow user={user} wide={wide} />
          </>
        ) : (
          <>
            <SettingsMenu />
            {location === '/auth' ? null : <LoginButton />}
          </>
        )}
      </div>
      {wide && entries ? (
        <nav aria-label="Main" className="border-t-2 border-edge/60 bg-void/40">
          <div className="mx-auto max-w-7xl px-3 py-1.5 sm:px-5">
            <NavEntries layout="bar" cooldownMs={cooldownMs} />
          </div>
        </nav>
      ) : null}
    </header>
  );
}

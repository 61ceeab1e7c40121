import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Coins, LogOut, Menu, ShieldCheck, UserCog, type LucideIcon } from 'lucide-react';
import type { PublicUser } from '@common/auth';
import { PVE_COOLDOWN_MS, formatCredits } from '@common/constants';
import { NAV_ENTRIES } from '@common/routes';
import { cn } from '@client/lib/cn';
import { useLogout } from '@client/lib/use-auth';
import { Button } from '@client/ui/button';
import { warmLoad } from '@client/lib/warm-load';
import { useDialogOnDemand } from '@client/ui/dialog-on-demand';
import { useCooldown } from '@client/entities/battle/use-cooldown';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';
import { GameTitle, NavHeader } from './nav-bar';
import type { NavIcons } from './nav-drawer';
import { NavBadge, NavCooldown, useNavCounts, type NavCounts } from './nav-marks';
import { ChallengePrompt, NotificationBell } from './people-slots';
import { SettingsMenu } from './settings-menu';
import { useMediaQuery } from './use-media-query';

const loadDrawer = () => import('./nav-drawer');
const NavDrawerContent = lazy(async () => ({ default: (await loadDrawer()).NavDrawerContent }));
const warmDrawer = warmLoad(loadDrawer);

/** Only the screen's own path lights its entry: an unknown path (which shows home) lights none. */
function isActive(path: string, location: string): boolean {
  return location === path;
}

/** Wide screens show the entries in the bar; narrower ones use the side drawer. */
const WIDE_SCREEN = '(min-width: 1024px)';

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
  /** Rewards to claim and points to spend, on the entries that lead to them. */
  counts?: NavCounts;
}

function NavEntryLink({ path, label, icon: Icon, layout, onNavigate, testId, cooldownMs = 0, counts }: NavEntryLinkProps) {
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
        layout === 'bar' ? 'relative px-1.5 py-1 text-lg xl:px-2.5' : 'px-3 py-2 text-lg',
        active
          ? 'border-neon-cyan bg-neon-cyan/15 text-neon-cyan'
          : 'border-transparent text-ink-muted hover:border-edge-bright hover:bg-panel-3 hover:text-ink',
      )}
    >
      {layout === 'drawer' && Icon ? <Icon aria-hidden className="size-5 shrink-0" /> : null}
      <span>{label}</span>
      {/* In the bar the marks sit on the entry's top edge, out of the flow: arriving, they must not wrap the row. */}
      <span className={cn('flex items-center gap-1', layout === 'bar' && 'absolute -top-3 -right-1.5 bg-void')}>
        <NavCooldown ms={cooldownMs} />
        {path === '/' ? <NavBadge count={counts?.claimableQuests ?? 0} noun="quest" rest="to claim" testId="nav-quests-badge" /> : null}
        {path === '/equipment' ? <NavBadge count={counts?.unspentPoints ?? 0} noun="point" rest="to spend" testId="nav-points-badge" /> : null}
      </span>
    </Link>
  );
}

interface NavEntriesProps {
  layout: 'bar' | 'drawer';
  onNavigate?: () => void;
  cooldownMs: number;
  counts: NavCounts;
  /** The drawer's icons (they load with the drawer). */
  icons?: NavIcons;
}

function NavEntries({ layout, onNavigate, cooldownMs, counts, icons }: NavEntriesProps) {
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
            counts={counts}
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
function NavDrawer({ signedIn, staff = false, cooldownMs, counts }: { signedIn: boolean; staff?: boolean; cooldownMs: number; counts: NavCounts }) {
  const [location] = useLocation();
  // The drawer belongs to the screen it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (next: boolean) => setOpenOn(next ? location : null);
  const onDemand = useDialogOnDemand({ open, onOpenChange: setOpen, warm: warmDrawer });
  const attention = counts.claimableQuests > 0 || counts.unspentPoints > 0;
  return (
    <>
      <Button
        {...onDemand.trigger}
        variant="ghost"
        size="icon"
        aria-label={attention ? 'Open menu (something waits for you)' : 'Open menu'}
        className="relative border-2 border-edge-bright"
      >
        <Menu aria-hidden />
        {/* Quests to claim or points to spend: the drawer's entries say which. */}
        {attention ? <span data-testid="nav-menu-dot" aria-hidden className="absolute -top-1.5 -right-1.5 size-3 border-2 border-void bg-neon-lime" /> : null}
      </Button>
      {onDemand.wanted ? (
        <Suspense fallback={null}>
          <NavDrawerContent
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={onDemand.onCloseAutoFocus}
            entries={(icons) => <NavEntries layout="drawer" icons={icons} onNavigate={() => setOpen(false)} cooldownMs={cooldownMs} counts={counts} />}
            account={
              signedIn ? (
                <>
                  <NavEntryLink path={ACCOUNT_PATH} label="Account" icon={UserCog} layout="drawer" onNavigate={() => setOpen(false)} testId="nav-account" />
                  {staff ? <NavEntryLink path="/moderation" label="Moderation" icon={ShieldCheck} layout="drawer" onNavigate={() => setOpen(false)} testId="nav-moderation" /> : null}
                </>
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

/** A screen's button in the bar (Moderation, Account), lit in its accent on its own screen. */
function BarLink({ path, label, icon: Icon, activeClassName, testId }: { path: string; label: string; icon: LucideIcon; activeClassName: string; testId: string }) {
  const [location] = useLocation();
  const active = isActive(path, location);
  return (
    <Button asChild size="sm" variant="ghost" className={cn('border-2', active ? activeClassName : 'border-edge-bright')}>
      <Link href={path} aria-current={active ? 'page' : undefined} data-testid={testId}>
        <Icon aria-hidden />
        {label}
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
        {wide ? (
          <BarLink path={ACCOUNT_PATH} label="Account" icon={UserCog} activeClassName="border-neon-cyan bg-neon-cyan/15 text-neon-cyan" testId="nav-account" />
        ) : (
          <NotificationBell user={user} />
        )}
        <Button size="sm" variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </div>
    </div>
  );
}

/** A signed-in player's top bar: the screens of the game (or a drawer of them on small screens), their credits and account. */
export function PlayerNavBar({ user }: { user: PublicUser }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  // The current character's PvE cooldown.
  const { character } = useCurrentCharacter();
  const cooldownMs = useCooldown(character?.lastBattleAt, PVE_COOLDOWN_MS);
  const counts = useNavCounts(true, character ?? null);
  const staff = user.role === 'moderator' || user.role === 'admin';
  return (
    <NavHeader
      below={
        wide ? (
          <nav aria-label="Main" className="border-t-2 border-edge/60 bg-void/40">
            <div className="mx-auto max-w-7xl px-3 pt-3.5 pb-1.5 sm:px-5">
              <NavEntries layout="bar" cooldownMs={cooldownMs} counts={counts} />
            </div>
          </nav>
        ) : null
      }
    >
      {wide ? null : <NavDrawer signedIn staff={staff} cooldownMs={cooldownMs} counts={counts} />}
      <GameTitle className="mr-auto" />
      <ChallengePrompt />
      <CreditsBalance credits={user.credits} />
      {/* Only moderators and admins have a Moderation screen: in the bar on wide screens, in the drawer on narrow ones (the bar would take a third row). */}
      {staff && wide ? (
        <BarLink path="/moderation" label="Moderation" icon={ShieldCheck} activeClassName="border-neon-lime bg-neon-lime/15 text-neon-lime" testId="nav-moderation" />
      ) : null}
      {wide ? <NotificationBell user={user} /> : null}
      <SettingsMenu />
      <PlayerRow user={user} wide={wide} />
    </NavHeader>
  );
}

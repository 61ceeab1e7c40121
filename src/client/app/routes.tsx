import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@client/ui/spinner';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** The login screen's key among the screens' loads (no path of its own: it shows wherever nobody is signed in). */
const AUTH_SCREEN = 'auth';

/** The code of each screen by its path's first segment ('/replay' for /replay/:id), and the login screen's. */
const screenLoads = new Map<string, () => Promise<unknown>>();

/**
 * A screen whose code loads when first shown, inside its own error boundary: if the chunk
 * cannot be fetched (a new version replaced the build while the tab was open) the navigation
 * stays and the screen area offers a Reload. `path` lets preloadScreen start that load early.
 * With `immediate` (the login screen), once its code is in the screen renders at once, without a
 * pass through the loading state: a page whose login screen the build wrote into the HTML shows
 * it from the first render. The signed-in screens keep the lazy path: rendered at once on the
 * home screen, the forge card painted before the cards above it had their height (a layout
 * shift of 0.21 on Lighthouse's phone profile, in half the loads).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, path?: string, immediate = false): ComponentType {
  let loaded: ComponentType | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module[name];
      return module;
    });
  if (path) screenLoads.set(path, loadOnce);
  const Lazy = lazy<ComponentType>(async () => ({ default: (await loadOnce())[name] }));
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen would remount it.
    const [Content] = useState(() => (immediate && loaded) || Lazy);
    return (
      <ScreenErrorBoundary>
        <Content />
      </ScreenErrorBoundary>
    );
  }
  Screen.displayName = `Screen(${name})`;
  return Screen;
}

export const AuthPage = page(() => import('@client/features/auth/auth-page'), 'AuthPage', AUTH_SCREEN, true);
const DashboardPage = page(() => import('@client/features/dashboard/dashboard-page'), 'DashboardPage', '/');
const CharactersPage = page(() => import('@client/features/characters/characters-page'), 'CharactersPage', '/characters');
const BattlePage = page(() => import('@client/features/battle/battle-page'), 'BattlePage', '/battle');
const MarketplacePage = page(() => import('@client/features/marketplace/marketplace-page'), 'MarketplacePage', '/marketplace');
const LeaderboardPage = page(() => import('@client/features/leaderboard/leaderboard-page'), 'LeaderboardPage', '/leaderboard');
const ChatPage = page(() => import('@client/features/chat/chat-page'), 'ChatPage', '/chat');
const PvpQueuePage = page(() => import('@client/features/pvp-queue/pvp-queue-page'), 'PvpQueuePage', '/pvp-arena');
const RealPvpPage = page(() => import('@client/features/real-pvp/real-pvp-page'), 'RealPvpPage', '/pvp');
const GuildsPage = page(() => import('@client/features/guilds/guilds-page'), 'GuildsPage', '/guilds');
const EquipmentPage = page(() => import('@client/features/equipment/equipment-page'), 'EquipmentPage', '/equipment');
const SkillsPage = page(() => import('@client/features/skills/skills-page'), 'SkillsPage', '/skills');
const ArenaPage = page(() => import('@client/features/arena/arena-page'), 'ArenaPage', '/arena');
const ForgePage = page(() => import('@client/features/forge/forge-page'), 'ForgePage', '/forge');
const AccountPage = page(() => import('@client/features/account/account-page'), 'AccountPage', '/account');
const ReplayPage = page(() => import('@client/features/replay/replay-page'), 'ReplayPage', '/replay');
const ModerationPage = page(() => import('@client/features/moderation/moderation-page'), 'ModerationPage', '/moderation');
const FriendsPage = page(() => import('@client/features/friends/friends-page'), 'FriendsPage', '/friends');

/**
 * Starts loading the code of the signed-in screen at `pathname` at once, beside the session
 * check, instead of after it: a page opened on a screen otherwise fetches the check, then the
 * screen, one after the other. A load that fails is left to the screen's own, which shows the
 * Reload offer.
 */
export function preloadScreen(pathname: string): void {
  const load = screenLoads.get(`/${pathname.split('/')[1] ?? ''}`) ?? screenLoads.get('/');
  void load?.().catch(() => undefined);
}

/** Loads the login screen's code; resolves either way (a failed load is left to the screen, which offers a Reload). */
export function loadLoginScreen(): Promise<void> {
  return (screenLoads.get(AUTH_SCREEN)?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

/** Shown while the code of a screen loads. */
export function ScreenFallback() {
  return <Spinner className="min-h-[50vh]" label="Loading screen..." />;
}

/** The screens of a logged-in player (SPEC §2); any other path shows the dashboard. */
export function GameRoutes() {
  const [location] = useLocation();
  return (
    <Suspense fallback={<ScreenFallback />}>
      {/* Each screen glitches in (a still cut under reduced motion or 'Reduce flicker'). */}
      <div key={location} className="route-enter" data-testid="route-screen">
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/characters" component={CharactersPage} />
          <Route path="/battle" component={BattlePage} />
          <Route path="/marketplace" component={MarketplacePage} />
          <Route path="/leaderboard" component={LeaderboardPage} />
          <Route path="/chat" component={ChatPage} />
          <Route path="/pvp-arena" component={PvpQueuePage} />
          <Route path="/pvp" component={RealPvpPage} />
          <Route path="/guilds" component={GuildsPage} />
          <Route path="/friends" component={FriendsPage} />
          <Route path="/equipment" component={EquipmentPage} />
          <Route path="/skills" component={SkillsPage} />
          <Route path="/arena" component={ArenaPage} />
          <Route path="/forge" component={ForgePage} />
          <Route path="/account" component={AccountPage} />
          <Route path="/replay/:id" component={ReplayPage} />
          <Route path="/moderation" component={ModerationPage} />
          <Route path="/auth">
            <Redirect to="/" replace />
          </Route>
          <Route component={DashboardPage} />
        </Switch>
      </div>
    </Suspense>
  );
}

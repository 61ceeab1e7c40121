import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { guildDirectoryQuery, myGuildQuery } from '@client/entities/guild/guild-reads';
import { queueStatusQuery } from '@client/entities/pvp/queue-status';
import { rollEnemyEarly } from '@client/features/battle/use-enemy';
import { page, ScreenFallback, screenData } from './routes';

/*
 * The signed-in screens' table. It loads with the signed-in frame (signed-in.tsx), not with the
 * login screen: a page opened signed in preloads both (scripts/prerender-shell.ts).
 */

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

// The PvP screens' turn rule, the guild screen's first card and the battle's enemy wait for these reads.
screenData('/battle', (client) => rollEnemyEarly(client));
screenData('/pvp-arena', (client) => void client.prefetchQuery(queueStatusQuery));
screenData('/pvp', (client) => void client.prefetchQuery(queueStatusQuery));
screenData('/guilds', (client) => {
  void client.prefetchQuery(myGuildQuery);
  void client.prefetchQuery(guildDirectoryQuery);
});

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

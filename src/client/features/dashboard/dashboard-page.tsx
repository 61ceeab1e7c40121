import { Link } from 'wouter';
import { Coins, Swords, TrendingUp, Trophy, Users } from 'lucide-react';
import { PRODUCT_NAME, formatCredits, groupDigits } from '@common/constants';
import { isUnauthorized } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/use-auth';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { AuthRequired } from '@client/entities/user/auth-required';
import { Button, Spinner } from '@client/ui';
import { useMyCharacters } from '@client/entities/character/use-my-characters';
import { BestCharacterCard } from './best-character-card';
import { GameFeatures, GameUpdates } from './dashboard-sections';
import { bestCharacter, dashboardTotals } from './dashboard-summary';
import { StatCard } from './stat-card';
import { ForgeProgressCard } from './forge-progress-card';
import { QuestPanel } from './quest-panel';

/** Home screen of a logged-in player: balance, totals, best fighter, features and news. */
export function DashboardPage() {
  const { user, error, isLoading } = useCurrentUser();
  // The characters are asked for only once the player is known (SPEC §7).
  const characters = useMyCharacters({ enabled: Boolean(user) });
  useDocumentTitle(PRODUCT_NAME);

  if ((error && isUnauthorized(error)) || characters.unauthorized) {
    return <AuthRequired />;
  }
  if (isLoading) return <Spinner className="min-h-[50vh]" label="Loading your dashboard..." />;

  // A 404 from the list means the player has no characters yet.
  const failed = characters.failed;
  const list = characters.characters;
  const loaded = characters.isSuccess || characters.empty;
  const totals = dashboardTotals(list);
  const best = bestCharacter(list);
  const count = (n: number) => (loaded ? groupDigits(n) : failed ? '-' : null);

  return (
    <div className="flex flex-col gap-8 sm:gap-10">
      <section className="relative flex flex-col items-center gap-5 overflow-hidden border-4 border-edge bg-panel/70 px-4 py-8 text-center sm:gap-6 sm:py-12">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(34_228_255/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(34_228_255/0.06)_1px,transparent_1px)] bg-[size:24px_24px]"
        />
        <p className="relative font-pixel text-pixel-2xs text-neon-lime uppercase">Player 1 ready</p>
        <h1 className="relative font-pixel text-pixel-lg leading-snug sm:text-pixel-2xl">
          <span className="glitch text-ink" data-text={PRODUCT_NAME}>
            {PRODUCT_NAME}
          </span>
        </h1>
        <p className="relative max-w-2xl text-xl leading-tight text-ink-muted sm:text-2xl">
          Live Virtual Character Arena - Battle, Trade, and Dominate
        </p>
        <div className="relative mt-1 flex w-full flex-col items-stretch gap-3 sm:w-auto sm:flex-row sm:justify-center sm:gap-4">
          <Button asChild size="lg">
            <Link href={loaded && list.length === 0 ? '/characters' : '/battle'} data-testid="dashboard-start-battle">
              <Swords aria-hidden />
              Start Battle
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href="/characters" data-testid="dashboard-my-characters">
              <Users aria-hidden />
              My Characters
            </Link>
          </Button>
        </div>
      </section>

      <section aria-label="Your stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Credits" value={formatCredits(user?.credits)} icon={Coins} tone="gold" testId="dashboard-credits" />
        <StatCard label="Characters" value={count(totals.characters)} icon={Users} tone="cyan" testId="dashboard-characters" />
        <StatCard label="Total Wins" value={count(totals.totalWins)} icon={Trophy} tone="lime" testId="dashboard-wins" />
        <StatCard
          label="Total Levels"
          value={count(totals.totalLevels)}
          icon={TrendingUp}
          tone="magenta"
          testId="dashboard-levels"
        />
      </section>

      {/* The best character (and its way to the forge) before the quests: on a phone it is on the first screens. */}
      <div className="grid grid-cols-1 items-stretch gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className={list.length > 0 ? 'min-w-0' : 'min-w-0 lg:col-span-2'}>
          <BestCharacterCard
            character={best}
            loading={!loaded && !failed}
            error={failed ? characters.error : null}
            onRetry={() => void characters.refetch()}
          />
        </div>
        {list.length > 0 ? <ForgeProgressCard enabled={Boolean(user)} /> : null}
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          <QuestPanel enabled={Boolean(user)} />
        </div>
        <GameUpdates />
      </div>

      <GameFeatures />
    </div>
  );
}

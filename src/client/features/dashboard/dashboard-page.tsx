import { Link } from 'wouter';
import { Coins, Swords, Users } from 'lucide-react';
import { PRODUCT_NAME, formatCredits } from '@common/constants';
import { isUnauthorized } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/use-auth';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { AuthRequired } from '@client/app/auth-required';
import { Button, Card, Spinner } from '@client/ui';

function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card accent="gold" className="flex items-center gap-4 p-5">
      <div aria-hidden className="grid size-12 shrink-0 place-items-center border-2 border-gold bg-gold/15 text-gold">
        <Coins className="size-6" />
      </div>
      <div className="min-w-0">
        <p className="font-pixel text-pixel-2xs text-ink-muted uppercase">{label}</p>
        <p data-testid={testId} className="mt-2 truncate font-pixel text-pixel-md text-gold">
          {value}
        </p>
      </div>
    </Card>
  );
}

/** Home screen of a logged-in player. */
export function DashboardPage() {
  const { user, error, isLoading } = useCurrentUser();
  useDocumentTitle(PRODUCT_NAME);

  if (error && isUnauthorized(error)) return <AuthRequired />;
  if (isLoading) return <Spinner className="min-h-[50vh]" label="Loading your dashboard..." />;

  return (
    <div className="flex flex-col gap-10">
      <section className="flex flex-col items-center gap-6 py-6 text-center sm:py-10">
        <h1 className="font-pixel text-pixel-lg leading-snug sm:text-pixel-2xl">
          <span className="glitch text-ink" data-text={PRODUCT_NAME}>
            {PRODUCT_NAME}
          </span>
        </h1>
        <p className="max-w-2xl text-xl text-ink-muted sm:text-2xl">
          Live Virtual Character Arena - Battle, Trade, and Dominate
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-4">
          <Button asChild size="lg">
            <Link href="/battle">
              <Swords aria-hidden />
              Start Battle
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href="/characters">
              <Users aria-hidden />
              My Characters
            </Link>
          </Button>
        </div>
      </section>

      <section aria-label="Your stats" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Credits" value={formatCredits(user?.credits)} testId="dashboard-credits" />
      </section>
    </div>
  );
}

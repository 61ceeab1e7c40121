import { Link } from 'wouter';
import { Anvil, RefreshCw, Shield, Store, Swords, TriangleAlert, UserPlus, Users, type LucideIcon } from 'lucide-react';
import type { CharacterView } from '@common/game-api';
import { errorMessage } from '@client/lib/api';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { AuthRequired } from '@client/entities/user/auth-required';
import { Button, Card, CardContent, CardHeader, CardTitle, PageHeader, Spinner } from '@client/ui';
import { CharacterCard } from './character-card';
import { CreateCharacterForm } from './create-character-form';
import { useMyCharacters } from '@client/entities/character/use-my-characters';
import { useFocusNewFighter } from './use-focus-new-fighter';

function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="characters-error">
      <Card accent="danger" className="text-center">
        <CardHeader className="items-center">
          <TriangleAlert aria-hidden className="size-8 text-danger" />
          <CardTitle>Error Loading Characters</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4">
          <p className="text-lg text-ink-muted">Failed to load your character data</p>
          <p className="w-full border-2 border-danger/60 bg-danger-deep px-3 py-2 text-base break-words text-[#ff8a95]">
            {errorMessage(error)}
          </p>
          <Button onClick={onRetry} disabled={retrying} data-testid="characters-retry">
            <RefreshCw aria-hidden className={retrying ? 'animate-spin' : undefined} />
            Try Again
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

const NEXT_STEPS: Array<{ href: string; label: string; text: string; icon: LucideIcon; color: string }> = [
  { href: '/battle', label: 'Battle', text: 'Fight enemies for experience and credits', icon: Swords, color: 'text-neon-cyan' },
  { href: '/equipment', label: 'Equipment', text: 'Gear up and learn skills', icon: Shield, color: 'text-neon-lime' },
  { href: '/marketplace', label: 'Market', text: 'Buy fighters from other players', icon: Store, color: 'text-gold' },
  { href: '/forge', label: 'Forge', text: 'Forge sets from battle materials', icon: Anvil, color: 'text-neon-magenta' },
];

function NextSteps() {
  return (
    <Card accent="magenta" className="lg:sticky lg:top-32">
      <CardHeader>
        <CardTitle className="text-pixel-xs text-neon-magenta">Next Steps</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {NEXT_STEPS.map(({ href, label, text, icon: Icon, color }) => (
            <li key={href}>
              <Link
                href={href}
                className="flex items-center gap-3 border-2 border-edge bg-void/50 p-2.5 no-underline hover:border-edge-bright hover:bg-panel-3"
              >
                <Icon aria-hidden className={`size-5 shrink-0 ${color}`} />
                <span className="min-w-0">
                  <span className={`block font-pixel text-pixel-2xs uppercase ${color}`}>{label}</span>
                  <span className="block text-base leading-tight text-ink-muted">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CharacterList({ characters }: { characters: CharacterView[] }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-label="Your characters" className="flex flex-col gap-6" data-testid="character-list">
        {characters.map((c) => (
          <CharacterCard key={c.id} character={c} />
        ))}
      </section>
      <NextSteps />
    </div>
  );
}

/** Characters: create a fighter, or manage the ones you own. */
export function CharactersPage() {
  useDocumentTitle('Characters');
  const chars = useMyCharacters();
  const { error, isFetching, refetch } = chars;
  useFocusNewFighter(chars.characters, !chars.isPending && !chars.failed && !chars.unauthorized);

  if (chars.unauthorized) {
    return <AuthRequired message="You need to be logged in to manage your characters" />;
  }
  if (chars.isPending) {
    return <Spinner className="min-h-[50vh]" label="Loading your characters..." />;
  }
  if (chars.failed) {
    return (
      <>
        <PageHeader title="My Characters" icon={<Users />} />
        <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }

  const { characters } = chars;
  if (characters.length === 0) {
    return (
      <>
        <PageHeader
          title="Create Your Fighter"
          subtitle="Pick a name, a look and a class, then step into the arena."
          icon={<UserPlus />}
        />
        <CreateCharacterForm />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="My Characters"
        subtitle="Train, trade and show off your fighters."
        icon={<Users />}
        actions={
          <Button asChild>
            <Link href="/battle">
              <Swords aria-hidden />
              Battle
            </Link>
          </Button>
        }
      />
      <CharacterList characters={characters} />
    </>
  );
}

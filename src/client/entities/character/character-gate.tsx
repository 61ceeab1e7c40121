import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { RotateCcw, UserPlus, UserX } from 'lucide-react';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@client/ui';
import { AuthRequired } from '@client/entities/user/auth-required';

/** Shown by screens that need a fighter when the player owns none. */
export function NoCharacterCard({
  message,
  title = 'Create a character first',
  testId = 'no-character',
}: {
  message: string;
  title?: string;
  testId?: string;
}) {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid={testId}>
      <Card accent="magenta" className="text-center">
        <CardHeader className="items-center">
          <UserX aria-hidden className="size-8 text-neon-magenta" />
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg text-ink-muted">{message}</p>
          <Button asChild size="lg">
            <Link href="/characters">
              <UserPlus aria-hidden />
              Create Character
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** A character load failure other than 401/404: the message and a Retry button. */
export function CharactersLoadError({
  message,
  onRetry,
  title = 'Could not load your characters',
  testId = 'characters-error',
}: {
  message: string;
  onRetry: () => void;
  title?: string;
  testId?: string;
}) {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid={testId}>
      <Card accent="danger" className="text-center">
        <CardHeader className="items-center">
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg break-words text-ink-muted">{message}</p>
          <Button variant="secondary" onClick={onRetry}>
            <RotateCcw aria-hidden />
            Retry
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** What `characterGate` reads of a characters query (see features/battle/use-my-characters). */
export interface CharactersState {
  unauthorized: boolean;
  isPending: boolean;
  failed: boolean;
  empty: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface GateTexts {
  /** The screen's header, shown above the loading, error and empty states. */
  header: ReactNode;
  /** What the player must log in for ('You need to be logged in to ...'). */
  authMessage: string;
  /** Why the screen needs a fighter, on the no-character card. */
  emptyMessage: string;
  loadingLabel?: string;
  /** Another query of the screen answered 401. */
  unauthorized?: boolean;
}

/**
 * The states every fighter screen shows before its own content: logged out, loading, failed,
 * no character. Returns what to render, or null once the characters are there.
 */
export function characterGate(chars: CharactersState, texts: GateTexts): ReactNode | null {
  if (chars.unauthorized || texts.unauthorized) return <AuthRequired message={texts.authMessage} />;
  let body: ReactNode = null;
  if (chars.isPending) body = <Spinner className="min-h-[50vh]" label={texts.loadingLabel ?? 'Loading your fighters...'} />;
  else if (chars.failed) body = <CharactersLoadError message={errorMessage(chars.error)} onRetry={() => void chars.refetch()} />;
  else if (chars.empty) body = <NoCharacterCard message={texts.emptyMessage} />;
  if (!body) return null;
  return (
    <>
      {texts.header}
      {body}
    </>
  );
}

import { Link } from 'wouter';
import { RotateCcw, UserPlus, UserX } from 'lucide-react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';

/** Shown by screens that need a fighter when the player owns none. */
export function NoCharacterCard({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="no-character">
      <Card accent="magenta" className="text-center">
        <CardHeader className="items-center">
          <UserX aria-hidden className="size-8 text-neon-magenta" />
          <CardTitle>Create a character first</CardTitle>
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

import { Link } from 'wouter';
import { FileQuestion, Home } from 'lucide-react';
import { errorMessage } from '@client/lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';

/** An unknown replay id (or one that is not a number). */
export function ReplayNotFound() {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="replay-not-found">
      <Card accent="magenta" className="text-center">
        <CardHeader className="items-center">
          <FileQuestion aria-hidden className="size-8 text-neon-magenta" />
          <CardTitle>Replay not found</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg text-ink-muted">No battle has this link. It may be mistyped, or this battle was never stored.</p>
          <Button asChild variant="secondary">
            <Link href="/">
              <Home aria-hidden />
              Back Home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** The replay could not be loaded for another reason. */
export function ReplayFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="replay-error" role="alert">
      <Card accent="danger" className="text-center">
        <CardHeader className="items-center">
          <CardTitle>Could not load this replay</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg break-words text-ink-muted">{errorMessage(error)}</p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

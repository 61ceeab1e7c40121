import { Link } from 'wouter';
import { Anvil, RefreshCw } from 'lucide-react';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Button, Card, CardContent, CardHeader, CardTitle, Progress } from '@client/ui';
import { useForgeProgress } from '@client/entities/forge/use-forge-progress';

/** Progress towards the next forge of the set last looked at in the forge, with a way there. */
export function ForgeProgressCard({ enabled }: { enabled: boolean }) {
  const forge = useForgeProgress(enabled);
  const p = forge.progress;

  let body;
  if (forge.isPending) {
    // As tall as the usual progress (a set of three materials: 216 px on a phone, 190 px wide), so
    // the cards below do not jump when it arrives.
    body = <div aria-busy="true" aria-label="Loading forge progress" className="h-54 animate-pulse border-2 border-edge bg-panel-2 motion-reduce:animate-none lg:h-48" />;
  } else if (forge.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-lg text-[#ff8a95]">Could not load the forge: {errorMessage(forge.error)}</p>
        <Button variant="secondary" size="sm" onClick={forge.refetch}>
          <RefreshCw aria-hidden />
          Retry
        </Button>
      </div>
    );
  } else if (!p) {
    body = <p className="text-lg text-ink-dim">No set can be forged yet.</p>;
  } else {
    body = (
      <div className="flex flex-col gap-3" data-testid="forge-progress" data-set={p.setId}>
        <p className="text-base leading-tight text-ink-muted">
          {p.lastLooked ? 'The set you last looked at:' : 'The set you are closest to:'}{' '}
          <span className="font-pixel text-pixel-2xs text-neon-magenta" data-testid="forge-progress-set">
            {p.setName}
          </span>
        </p>
        <div className="flex items-center gap-3">
          <Progress
            value={p.owned}
            max={p.required}
            color={p.ready ? 'lime' : 'magenta'}
            aria-label={`Materials for the next ${p.setName} piece`}
            aria-valuetext={`${p.owned} of ${p.required} materials`}
            className="h-3 flex-1"
          />
          <span className="shrink-0 font-pixel text-pixel-2xs text-ink tabular-nums" data-testid="forge-progress-count">
            {p.owned}/{p.required}
          </span>
        </div>
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {p.items.map((item) => (
            <li key={item.id} className="flex items-baseline justify-between gap-3 text-base leading-tight">
              <span className="min-w-0 truncate text-ink-muted">{item.name}</span>
              <span className={cn('shrink-0 tabular-nums', item.have >= item.need ? 'text-neon-lime' : 'text-ink')}>
                {Math.min(item.have, item.need)}/{item.need}
              </span>
            </li>
          ))}
        </ul>
        <p className={cn('text-base leading-tight', p.ready ? 'text-neon-lime' : 'text-ink-dim')}>
          {p.ready ? 'Ready: every material is there.' : 'Materials drop from PvE victories.'}
        </p>
      </div>
    );
  }

  return (
    <Card accent="magenta" data-testid="forge-progress-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-neon-magenta">
          <Anvil aria-hidden className="size-5 shrink-0" />
          Next Forge
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {body}
        <Button asChild variant="secondary" size="sm" className="self-start">
          <Link href="/forge" data-testid="forge-progress-link">
            <Anvil aria-hidden />
            Go to the forge
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

import { Pause, Play, RotateCcw, SkipBack, SkipForward } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { CopyLinkButton } from './copy-link-button';
import { REPLAY_SPEEDS, type useReplay } from './use-replay';

/** Play/pause, a beat back or on, 1×/2×/4×, how far it is, and the link to share. */
export function ReplayControls({ r }: { r: ReturnType<typeof useReplay> }) {
  const { player, playing } = r;
  const last = player.stops - 1;
  return (
    <div className="flex flex-col gap-3" data-testid="replay-controls">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="icon" variant="secondary" onClick={() => r.step(-1)} disabled={player.index === 0} aria-label="Step back" data-testid="replay-step-back">
          <SkipBack aria-hidden />
        </Button>
        <Button onClick={r.toggle} data-testid="replay-play" data-playing={playing} aria-label={playing ? 'Pause' : player.atEnd ? 'Play again' : 'Play'} className="min-w-32">
          {playing ? <Pause aria-hidden /> : player.atEnd ? <RotateCcw aria-hidden /> : <Play aria-hidden />}
          {playing ? 'Pause' : player.atEnd ? 'Again' : 'Play'}
        </Button>
        <Button size="icon" variant="secondary" onClick={() => r.step(1)} disabled={player.atEnd} aria-label="Step forward" data-testid="replay-step">
          <SkipForward aria-hidden />
        </Button>
        <p className="ml-auto font-pixel text-pixel-2xs text-ink-muted" data-testid="replay-position" data-index={player.index} data-last={last}>
          Move {player.index}/{last}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div role="radiogroup" aria-label="Speed" className="flex items-center gap-1">
          {REPLAY_SPEEDS.map((speed) => (
            <Button
              key={speed}
              size="sm"
              variant={r.speed === speed ? 'primary' : 'ghost'}
              role="radio"
              aria-checked={r.speed === speed}
              data-testid={`replay-speed-${speed}`}
              className={cn(r.speed === speed ? '' : 'border-2 border-edge')}
              onClick={() => r.setSpeed(speed)}
            >
              {speed}×
            </Button>
          ))}
        </div>
        <span className="ml-auto">
          <CopyLinkButton />
        </span>
      </div>
    </div>
  );
}

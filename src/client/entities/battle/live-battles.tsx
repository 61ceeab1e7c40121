import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { Eye, Radio } from 'lucide-react';
import type { LiveBattleView, LiveFighterView } from '@common/pvp';
import { avatarSpriteFile } from '@common/sprite-files';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@client/ui';
import { SpriteImage } from '@client/ui/character-sprite';

/** `GET /api/pvp/live`: the running battles anyone may watch. */
export const LIVE_BATTLES_KEY = ['/api/pvp/live'] as const;
const LIVE_POLL_MS = 5000;

/** Where a running battle is watched. */
export const watchPath = (battleId: number) => `/pvp?watch=${battleId}`;

function Fighter({ f, right }: { f: LiveFighterView; right?: boolean }) {
  return (
    <span className={`flex min-w-0 flex-1 items-center gap-2 ${right ? 'flex-row-reverse text-right' : ''}`}>
      <SpriteImage file={avatarSpriteFile(f.characterAvatar, f.imageSet)} size={32} flip={right} className="size-8 shrink-0" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-pixel text-pixel-2xs leading-normal text-ink">{f.name}</span>
        <span className="truncate text-base leading-tight text-ink-muted">
          Lv {f.level} · {f.rating}
        </span>
      </span>
    </span>
  );
}

function LiveRow({ battle }: { battle: LiveBattleView }) {
  const [a, b] = battle.fighters;
  return (
    <li data-testid="live-battle" data-battle-id={battle.battleId} className="flex flex-col gap-2 border-2 border-edge bg-void/40 p-2 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <Fighter f={a} />
        <span aria-label="versus" className="font-pixel text-pixel-2xs text-neon-magenta">
          VS
        </span>
        <Fighter f={b} right />
      </div>
      <div className="flex items-center justify-between gap-2 sm:justify-end">
        <span className="text-base text-ink-dim">Turn {battle.turn}</span>
        <Button asChild size="sm" variant="secondary">
          <Link href={watchPath(battle.battleId)} aria-label={`Watch ${a.name} versus ${b.name}`} data-testid="live-watch">
            <Eye aria-hidden />
            Watch
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** 'Live now': the battles being fought, each a link to watch it. */
export function LiveBattles({ excludeId }: { excludeId?: number | null }) {
  const live = useQuery({ queryKey: LIVE_BATTLES_KEY, queryFn: ({ signal }) => api.pvp.live({}, { signal }), refetchInterval: LIVE_POLL_MS });
  const battles = (live.data ?? []).filter((b) => b.battleId !== excludeId);
  return (
    <Card accent="magenta" data-testid="live-now">
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <Radio aria-hidden className="size-4 text-danger motion-safe:animate-pulse" />
        <CardTitle>Live now</CardTitle>
      </CardHeader>
      <CardContent>
        {live.isPending ? (
          <Spinner size="sm" label="Looking for battles..." className="py-4" />
        ) : live.isError ? (
          <p className="text-base text-danger">Failed to load live battles: {errorMessage(live.error)}</p>
        ) : battles.length === 0 ? (
          <p className="text-base text-ink-dim" data-testid="live-none">
            No battles right now. Start one and others can watch.
          </p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-2 p-0">
            {battles.map((b) => (
              <LiveRow key={b.battleId} battle={b} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

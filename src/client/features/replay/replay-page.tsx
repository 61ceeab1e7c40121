import { useParams } from 'wouter';
import { Clapperboard } from 'lucide-react';
import type { BattleKind, ReplayView as Replay } from '@common/replays';
import { ReportBlock } from '@client/entities/user/report-block';
import { useReducedMotion } from '@client/lib/motion';
import { useCurrentUser } from '@client/lib/use-auth';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Badge, PageHeader, Spinner } from '@client/ui';
import { ReplayFailed, ReplayNotFound } from './replay-states';
import { ReplayView } from './replay-view';
import { replayIdOf, useReplay } from './use-replay';

const KINDS: Record<BattleKind, string> = { pve: 'PvE battle', pvp: 'PvP battle', guild: 'Guild duel' };

function Header({ replay }: { replay: Replay | null }) {
  const { user } = useCurrentUser();
  // The other side, when a player played it (a PvE enemy has nobody to block).
  const other = replay?.fighters.find((f) => f.username && f.username !== user?.username)?.username ?? undefined;
  const subtitle = replay ? `${replay.fighters[0].name} vs ${replay.fighters[1].name} · ${new Date(replay.createdAt).toLocaleString()}` : 'A stored battle, blow by blow';
  return (
    <PageHeader
      title="Replay"
      subtitle={subtitle}
      icon={<Clapperboard />}
      actions={
        replay ? (
          <span className="flex items-center gap-2">
            <Badge variant="cyan" data-testid="replay-kind">
              {KINDS[replay.kind]}
            </Badge>
            <ReportBlock kind="battle" targetId={replay.id} username={other} label="Report this battle" testId="replay-report" />
          </span>
        ) : undefined
      }
    />
  );
}

/** `/replay/{id}`: any stored battle, played again in the battle view for any signed-in player. */
export function ReplayPage() {
  const params = useParams<{ id: string }>();
  const r = useReplay(replayIdOf(params.id));
  const reducedMotion = useReducedMotion();
  useDocumentTitle(r.replay ? `Replay: ${r.replay.fighters[0].name} vs ${r.replay.fighters[1].name}` : 'Replay');
  let body;
  if (r.notFound) body = <ReplayNotFound />;
  else if (r.failed) body = <ReplayFailed error={r.failed} onRetry={r.retry} />;
  else if (r.loading || !r.replay) body = <Spinner className="min-h-[50vh]" label="Loading the replay..." />;
  else body = <ReplayView r={r} replay={r.replay} reducedMotion={reducedMotion} />;
  return (
    <>
      <Header replay={r.replay} />
      {body}
    </>
  );
}

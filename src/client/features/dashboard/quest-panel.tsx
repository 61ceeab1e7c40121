import { useEffect, useState } from 'react';
import { CheckCircle2, ChevronDown, ChevronUp, Gift, RefreshCw, ScrollText } from 'lucide-react';
import { dailyResetAt, rewardText } from '@common/quest-rewards';
import type { QuestView } from '@common/quests';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Progress } from '@client/ui';
import { orderQuests, questState, timeUntil } from '@client/entities/quest/quest-rules';
import { collapsedQuests } from './quest-view';
import { useQuests } from '@client/entities/quest/use-quests';
import { useClaimQuest } from './use-claim-quest';

/** The time now, once a minute (the reset countdown). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function QuestRow({ quest, claiming, busy, onClaim }: { quest: QuestView; claiming: boolean; busy: boolean; onClaim: () => void }) {
  const state = questState(quest);
  const shown = Math.min(quest.progress, quest.goal);
  return (
    <li
      data-testid="quest"
      data-quest-id={quest.id}
      data-state={state}
      className={cn('flex flex-col gap-2 border-2 bg-void/50 p-3', state === 'claimable' ? 'border-neon-lime' : 'border-edge', state === 'claimed' && 'opacity-70')}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h4 className="flex-1 min-[15rem]:min-w-40 font-pixel text-pixel-2xs leading-normal break-words text-ink" data-testid="quest-title">
          {quest.title}
        </h4>
        <span className="flex min-w-0 items-center gap-1 text-base leading-tight text-gold" data-testid="quest-reward">
          <Gift aria-hidden className="size-4 shrink-0" />
          {rewardText(quest.reward) || 'No reward'}
        </span>
      </div>
      <p className="text-base leading-tight text-ink-muted">{quest.description}</p>
      <div className="flex items-center gap-3">
        <Progress
          value={shown}
          max={Math.max(1, quest.goal)}
          color={state === 'open' ? 'cyan' : 'lime'}
          aria-label={`${quest.title} progress`}
          aria-valuetext={`${shown} of ${quest.goal}`}
          className="h-3 flex-1"
          data-testid="quest-progress"
        />
        <span className="shrink-0 font-pixel text-pixel-2xs text-ink tabular-nums">
          {shown}/{quest.goal}
        </span>
        {state === 'claimable' ? (
          <Button size="sm" onClick={onClaim} disabled={busy} data-testid="quest-claim" className="shrink-0">
            <Gift aria-hidden />
            {claiming ? 'Claiming...' : 'Claim'}
          </Button>
        ) : state === 'claimed' ? (
          <Badge variant="lime" className="shrink-0">
            <CheckCircle2 aria-hidden />
            Claimed
          </Badge>
        ) : null}
      </div>
    </li>
  );
}

function QuestGroup({ title, quests, claim }: { title: string; quests: QuestView[]; claim: ReturnType<typeof useClaimQuest> }) {
  if (quests.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="font-pixel text-pixel-2xs text-ink-muted uppercase">{title}</h3>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {quests.map((q) => (
          <QuestRow
            key={q.id}
            quest={q}
            busy={claim.isPending}
            claiming={claim.isPending && claim.variables?.id === q.id}
            onClaim={() => claim.mutate(q)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The dashboard's quests: the first-steps chain, then today's dailies, each claimable once done.
 * Collapsed at first to the quests to claim (or, when none, the next one to do), so the best
 * character and Start Battle come first; Show all lists them all.
 */
export function QuestPanel({ enabled }: { enabled: boolean }) {
  const quests = useQuests(enabled);
  const claim = useClaimQuest();
  const now = useMinuteClock();
  const [showAll, setShowAll] = useState(false);
  const ordered = orderQuests(quests.data ?? []);
  const shown = showAll ? ordered : collapsedQuests(ordered);
  const firstSteps = shown.filter((q) => q.kind === 'first-steps');
  const dailies = shown.filter((q) => q.kind !== 'first-steps');
  const hidden = ordered.length - shown.length;

  let body;
  if (quests.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading quests" className="flex flex-col gap-2" data-testid="quests-loading">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 animate-pulse border-2 border-edge bg-panel-2 motion-reduce:animate-none" />
        ))}
      </div>
    );
  } else if (quests.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3" data-testid="quests-error">
        <p className="text-lg text-[#ff8a95]">Could not load quests: {errorMessage(quests.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void quests.refetch()} disabled={quests.isFetching}>
          <RefreshCw aria-hidden />
          Retry
        </Button>
      </div>
    );
  } else if (ordered.length === 0) {
    body = (
      <p className="text-lg text-ink-dim" data-testid="quests-empty">
        No quests right now. New dailies arrive at 00:00 UTC.
      </p>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4" data-testid="quest-list">
        <QuestGroup title="First Steps" quests={firstSteps} claim={claim} />
        <QuestGroup title="Daily Quests" quests={dailies} claim={claim} />
        {showAll || hidden > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-start border-2 border-edge-bright"
            aria-expanded={showAll}
            onClick={() => setShowAll(!showAll)}
            data-testid="quests-toggle"
          >
            {showAll ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {showAll ? 'Show fewer quests' : `Show all quests (${ordered.length})`}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <Card accent="lime" data-testid="quest-panel">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-neon-lime">
          <ScrollText aria-hidden className="size-5 shrink-0" />
          Quests
        </CardTitle>
        <p className="text-base leading-none text-ink-muted" data-testid="quests-reset">
          Dailies reset at 00:00 UTC (in {timeUntil(dailyResetAt(now), now)})
        </p>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

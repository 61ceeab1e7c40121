import { useId, useState, type FormEvent } from 'react';
import { Check, Crosshair, Swords, Trophy, X } from 'lucide-react';
import { GUILD_BATTLE_DEFAULT_PARTICIPANTS, GUILD_BATTLE_MAX_PARTICIPANTS } from '@common/guild-rules';
import type { GuildBattleView, GuildSummaryView, MyGuildView } from '@common/guilds';
import { errorMessage } from '@client/lib/api';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Spinner, toast, type BadgeVariant } from '@client/ui';
import { useAnswerChallenge, useChallenge, useGuildBattles } from './guild-queries';
import { battleOutcome, canManage, isChallenged, opponentOf, type BattleOutcome } from './guild-rules';
import { WatchReplayLink } from '@client/entities/battle/watch-replay-link';

const OUTCOME: Record<BattleOutcome, { label: string; variant: BadgeVariant }> = {
  won: { label: 'Victory', variant: 'lime' },
  lost: { label: 'Defeat', variant: 'danger' },
  pending: { label: 'Pending', variant: 'gold' },
  active: { label: 'Active', variant: 'cyan' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};

const selectClass =
  'block h-11 w-full min-w-0 cursor-pointer border-2 border-edge-bright bg-void px-3 text-lg text-ink hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2';

function ChallengeForm({ guild, directory }: { guild: MyGuildView; directory: GuildSummaryView[] }) {
  const challenge = useChallenge();
  const rivals = directory.filter((g) => g.id !== guild.id);
  const [target, setTarget] = useState('');
  const [size, setSize] = useState(String(GUILD_BATTLE_DEFAULT_PARTICIPANTS));
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const defenderGuildId = Number(target);
    if (!defenderGuildId) {
      toast({ title: 'Error', description: 'Please choose a guild to challenge', variant: 'destructive' });
      return;
    }
    challenge.mutate({ defenderGuildId, maxParticipants: Number(size) }, { onSuccess: () => setTarget('') });
  };
  return (
    <Card accent="magenta">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crosshair aria-hidden className="size-4 text-neon-magenta" />
          Challenge a Guild
        </CardTitle>
        <CardDescription>Your best fighters face theirs, one duel per pair. The winner's treasury gets 200 credits per duel.</CardDescription>
      </CardHeader>
      <CardContent>
        {rivals.length === 0 ? (
          <p className="text-lg text-ink-muted" data-testid="no-rivals">
            No other guilds to challenge yet.
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-guild`}>Opponent</Label>
              <select
                id={`${ids}-guild`}
                className={selectClass}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                data-testid="challenge-guild-select"
              >
                <option value="">Choose a guild...</option>
                {rivals.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name} (level {g.level}, {g.memberCount} member{g.memberCount === 1 ? '' : 's'})
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-size`}>Fighters a side</Label>
              <select id={`${ids}-size`} className={selectClass} value={size} onChange={(e) => setSize(e.target.value)}>
                {Array.from({ length: GUILD_BATTLE_MAX_PARTICIPANTS }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={challenge.isPending} data-testid="challenge-submit">
              <Swords aria-hidden />
              Challenge
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function BattleRow({ battle, guild }: { battle: GuildBattleView; guild: MyGuildView }) {
  const answer = useAnswerChallenge();
  const outcome = battleOutcome(battle, guild.id);
  const opponent = opponentOf(battle, guild.id);
  const challenged = isChallenged(battle, guild.id);
  const manage = canManage(guild.myRole) && battle.status === 'pending';
  const ours = battle.duels.filter((d) => (d.winner === 'challenger') === !challenged).length;
  return (
    <li className="flex flex-col gap-3 border-2 border-edge bg-panel-2 p-3" data-testid="guild-battle" data-status={battle.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={OUTCOME[outcome].variant} data-testid="battle-status">
          {outcome === 'won' ? <Trophy aria-hidden /> : null}
          {OUTCOME[outcome].label}
        </Badge>
        <span className="order-last basis-full font-pixel text-pixel-xs leading-relaxed text-ink sm:order-none sm:basis-auto sm:flex-1">
          {challenged ? `${opponent.name} challenged you` : `You challenged ${opponent.name}`}
        </span>
        <span className="ml-auto text-base text-ink-dim sm:ml-0">{new Date(battle.createdAt).toLocaleDateString()}</span>
      </div>
      <p className="text-base text-ink-muted" data-testid="battle-result">
        {battle.status === 'completed'
          ? `${outcome === 'won' ? guild.name : opponent.name} won ${outcome === 'won' ? ours : battle.duels.length - ours} of ${battle.duels.length} duels` +
            (battle.reward > 0 ? ` and ${battle.reward} credits for the treasury.` : '.')
          : battle.status === 'pending'
            ? `Up to ${battle.maxParticipants} fighters a side. Waiting for ${challenged ? 'your leader or an officer' : opponent.name} to answer.`
            : battle.status === 'active'
              ? 'The fighters are in the arena...'
              : 'This challenge was called off.'}
      </p>
      {battle.duels.length > 0 ? (
        <ul className="grid gap-1 text-base sm:grid-cols-2" aria-label="Duels">
          {battle.duels.map((d, i) => (
            <li key={i} className="flex items-center gap-2 bg-void/50 px-2 py-1 text-ink-muted">
              <span className={d.winner === 'challenger' ? 'text-neon-lime' : ''}>
                {d.challenger.name} (L{d.challenger.level})
              </span>
              <span aria-hidden>vs</span>
              <span className={d.winner === 'defender' ? 'text-neon-lime' : ''}>
                {d.defender.name} (L{d.defender.level})
              </span>
              <span className="sr-only">, won by {d.winner === 'challenger' ? d.challenger.name : d.defender.name}</span>
              {d.replayId ? (
                <WatchReplayLink replayId={d.replayId} label="Replay" ariaLabel={`Watch replay: ${d.challenger.name} vs ${d.defender.name}`} className="ml-auto" />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {manage ? (
        <div className="flex flex-wrap gap-2">
          {challenged ? (
            <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: battle.id, accept: true })} data-testid="battle-accept">
              <Check aria-hidden />
              {answer.isPending ? 'Fighting...' : 'Accept'}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="danger"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: battle.id, accept: false })}
            data-testid="battle-decline"
          >
            <X aria-hidden />
            {challenged ? 'Decline' : 'Withdraw'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Guild battles of the player's guild with their status and result; challenge and answer by role. */
export function BattlesTab({ guild, directory }: { guild: MyGuildView; directory: GuildSummaryView[] }) {
  const battles = useGuildBattles(true);
  return (
    <div className="flex flex-col gap-6">
      {canManage(guild.myRole) ? <ChallengeForm guild={guild} directory={directory} /> : null}
      <Card accent="cyan">
        <CardHeader>
          <CardTitle>Team Battles</CardTitle>
        </CardHeader>
        <CardContent>
          {battles.isPending ? (
            <Spinner label="Loading battles..." className="py-8" />
          ) : battles.isError ? (
            <p className="text-lg text-danger" role="alert">
              Failed to load guild battles: {errorMessage(battles.error)}
            </p>
          ) : battles.data.length === 0 ? (
            <p className="text-center text-lg text-ink-muted" data-testid="no-battles">
              No battles yet.{' '}
              {canManage(guild.myRole) ? 'Challenge a guild above to start one.' : 'Your leader or an officer can challenge another guild.'}
            </p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="guild-battles">
              {battles.data.map((battle) => (
                <BattleRow key={battle.id} battle={battle} guild={guild} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Coins, HandCoins, Lock, LogOut, Mail, Shield, Unlock, UserPlus, Users } from 'lucide-react';
import type { MyGuildView } from '@common/guilds';
import { formatCredits } from '@common/constants';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Progress, toast } from '@client/ui';
import { GuildEmblem } from './guild-emblem';
import { useDonate, useInvite, useLeaveGuild } from './guild-queries';
import { ROLE_LABELS, canManage, parseAmount } from './guild-rules';
import { RoleBadge } from './role-badge';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 border-2 border-edge bg-void/50 px-3 py-2">
      <dt className="font-pixel text-pixel-2xs text-ink-dim uppercase">{label}</dt>
      <dd className="text-2xl leading-none text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function DonateForm() {
  const donate = useDonate();
  const [amount, setAmount] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    if (value === null) {
      toast({ title: 'Error', description: 'Please enter a whole number of credits', variant: 'destructive' });
      return;
    }
    donate.mutate(value, { onSuccess: () => setAmount('') });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Donate to the treasury">
      <Label htmlFor={id}>Donate credits to the treasury</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          inputMode="numeric"
          placeholder="Amount"
          className="w-40"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="guild-donate-input"
        />
        <Button type="submit" variant="secondary" disabled={donate.isPending} data-testid="guild-donate-submit">
          <HandCoins aria-hidden />
          Donate
        </Button>
      </div>
    </form>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [username, setUsername] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      toast({ title: 'Error', description: 'Please enter a player name', variant: 'destructive' });
      return;
    }
    invite.mutate(name, { onSuccess: () => setUsername('') });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Invite a player">
      <Label htmlFor={id}>Invite a player by username</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          autoComplete="off"
          placeholder="Username"
          className="w-48"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          data-testid="guild-invite-input"
        />
        <Button type="submit" variant="secondary" disabled={invite.isPending} data-testid="guild-invite-submit">
          <UserPlus aria-hidden />
          Invite
        </Button>
      </div>
    </form>
  );
}

/** The player's guild at a glance: emblem, level, experience, treasury; donate, invite, leave. */
export function OverviewTab({ guild }: { guild: MyGuildView }) {
  const leave = useLeaveGuild();
  const [confirming, setConfirming] = useState(false);
  const last = guild.memberCount === 1;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card accent="cyan" data-testid="guild-overview">
        <CardHeader className="flex-row items-center gap-4">
          <GuildEmblem avatar={guild.guildAvatar} size={96} title={`${guild.name} emblem`} />
          <div className="flex min-w-0 flex-col gap-2">
            <CardTitle className="text-pixel-md wrap-anywhere" data-testid="guild-name">
              {guild.name}
            </CardTitle>
            <div className="flex flex-wrap gap-2">
              <Badge variant="gold" data-testid="guild-level">
                Level {guild.level}
              </Badge>
              <Badge variant={guild.isPrivate ? 'magenta' : 'lime'}>
                {guild.isPrivate ? <Lock aria-hidden /> : <Unlock aria-hidden />}
                {guild.isPrivate ? 'Invite only' : 'Open'}
              </Badge>
              <RoleBadge role={guild.myRole} />
            </div>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <CardDescription className="text-lg wrap-anywhere">{guild.description || 'No description yet.'}</CardDescription>
          <div className="flex flex-col gap-2">
            <div className="flex justify-between text-base text-ink-muted">
              <span>Guild experience</span>
              <span data-testid="guild-experience">
                {guild.experienceIntoLevel} / {guild.experiencePerLevel} XP
              </span>
            </div>
            <Progress
              value={guild.experienceIntoLevel}
              max={guild.experiencePerLevel}
              color="gold"
              aria-label={`Guild experience ${guild.experienceIntoLevel} of ${guild.experiencePerLevel} towards level ${guild.level + 1}`}
            />
            <p className="text-base text-ink-dim">Every PvE win adds 10 XP and every PvP win 25 XP, to the guild and to your contribution.</p>
          </div>
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            <Fact label="Members" value={`${guild.memberCount}/${guild.maxMembers}`} testId="guild-member-count" />
            <Fact label="Treasury" value={formatCredits(guild.treasury)} testId="guild-treasury" />
            <Fact label="Total XP" value={formatCredits(guild.experience)} />
          </dl>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-6">
        <Card accent="gold">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Coins aria-hidden className="size-4 text-gold" />
              Treasury
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DonateForm />
          </CardContent>
        </Card>
        {canManage(guild.myRole) ? (
          <Card accent="lime">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Mail aria-hidden className="size-4 text-neon-lime" />
                Recruit
              </CardTitle>
              <CardDescription>
                As {ROLE_LABELS[guild.myRole].toLowerCase()} you can invite players{guild.isPrivate ? '; invitations are the only way in' : ''}.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <InviteForm />
            </CardContent>
          </Card>
        ) : null}
        <Card accent="danger">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Shield aria-hidden className="size-4 text-danger" />
              Membership
            </CardTitle>
            <CardDescription>
              {last
                ? 'You are the last member: leaving disbands the guild.'
                : guild.myRole === 'leader'
                  ? 'If you leave, the senior officer (or senior member) takes the lead.'
                  : 'You can leave at any time and join another guild.'}
            </CardDescription>
          </CardHeader>
          <LeaveActions confirming={confirming} setConfirming={setConfirming} pending={leave.isPending} onLeave={() => leave.mutate()} />
        </Card>
      </div>
    </div>
  );
}

function LeaveActions({
  confirming,
  setConfirming,
  pending,
  onLeave,
}: {
  confirming: boolean;
  setConfirming: (v: boolean) => void;
  pending: boolean;
  onLeave: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 p-5 pt-0">
      {confirming ? (
        <>
          <Button variant="danger" onClick={onLeave} disabled={pending} data-testid="guild-leave-confirm">
            <LogOut aria-hidden />
            {pending ? 'Leaving...' : 'Yes, leave'}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="guild-leave">
          <Users aria-hidden />
          Leave Guild
        </Button>
      )}
    </div>
  );
}

import { ArrowDown, ArrowUp, UserMinus } from 'lucide-react';
import type { GuildMemberView, MyGuildView } from '@common/guilds';
import { formatCredits } from '@common/constants';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@client/ui';
import { useChangeRole, useRemoveMember } from './guild-queries';
import { canRemove } from './guild-rules';
import { ChallengeButton } from '@client/entities/challenge/challenge-button';
import { RoleBadge } from './role-badge';

function MemberActions({ guild, member }: { guild: MyGuildView; member: GuildMemberView }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const username = member.user.username;
  if (member.id === guild.myMemberId) return null;
  const busy = changeRole.isPending || remove.isPending;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <ChallengeButton username={username} />
      {guild.myRole === 'leader' && member.role === 'member' ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => changeRole.mutate({ memberId: member.id, role: 'officer', username })}
          aria-label={`Promote ${username} to officer`}
          data-testid="member-promote"
        >
          <ArrowUp aria-hidden />
          Promote
        </Button>
      ) : null}
      {guild.myRole === 'leader' && member.role === 'officer' ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => changeRole.mutate({ memberId: member.id, role: 'member', username })}
          aria-label={`Demote ${username} to member`}
          data-testid="member-demote"
        >
          <ArrowDown aria-hidden />
          Demote
        </Button>
      ) : null}
      {canRemove(guild.myRole, member.role) ? (
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => remove.mutate({ memberId: member.id, username })}
          aria-label={`Remove ${username} from the guild`}
          data-testid="member-remove"
        >
          <UserMinus aria-hidden />
          Remove
        </Button>
      ) : null}
    </div>
  );
}

/** Members with their role badges and contribution points, leaders first. */
export function MembersTab({ guild }: { guild: MyGuildView }) {
  const top = Math.max(1, ...guild.members.map((m) => m.contributionPoints));
  return (
    <Card accent="magenta">
      <CardHeader>
        <CardTitle>
          Members ({guild.memberCount}/{guild.maxMembers})
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2" data-testid="guild-members">
          {guild.members.map((member) => (
            <li
              key={member.id}
              data-testid="guild-member"
              data-username={member.user.username}
              className="flex flex-wrap items-center gap-3 border-2 border-edge bg-panel-2 px-3 py-2 sm:flex-nowrap"
            >
              {/* Room for the name and the bar: on a phone, the member's actions go below rather than squeeze them. */}
              <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-pixel text-pixel-xs text-ink" data-testid="member-name">
                    {member.user.username}
                  </span>
                  {member.id === guild.myMemberId ? <span className="text-base text-ink-dim">(you)</span> : null}
                  <RoleBadge role={member.role} />
                </div>
                <div className="flex items-center gap-2">
                  <span className="text-base whitespace-nowrap text-ink-muted" data-testid="member-contribution">
                    {formatCredits(member.contributionPoints)} contribution
                  </span>
                  {/* One width on every row, actions or not, so the bars compare. */}
                  <span aria-hidden className="h-2 w-24 shrink-0 bg-void sm:w-40">
                    <span className="block h-full bg-neon-magenta" style={{ width: `${(member.contributionPoints / top) * 100}%` }} />
                  </span>
                </div>
              </div>
              <MemberActions guild={guild} member={member} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

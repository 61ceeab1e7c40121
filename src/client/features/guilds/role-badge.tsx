import { Crown, Shield, User } from 'lucide-react';
import type { GuildRole } from '@common/guild-rules';
import { Badge, type BadgeVariant } from '@client/ui';
import { ROLE_LABELS } from './guild-rules';

const VARIANTS: Record<GuildRole, BadgeVariant> = { leader: 'gold', officer: 'cyan', member: 'outline' };
const ICONS = { leader: Crown, officer: Shield, member: User } as const;

/** Guild roles are shown as badges only (SPEC §6). */
export function RoleBadge({ role }: { role: GuildRole }) {
  const Icon = ICONS[role];
  return (
    <Badge variant={VARIANTS[role]} data-testid="role-badge" data-role={role}>
      <Icon aria-hidden />
      {ROLE_LABELS[role]}
    </Badge>
  );
}

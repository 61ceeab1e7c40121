import type { Tier } from '@common/game-rules';
import { Badge, type BadgeVariant } from '@client/ui';

/** SPEC §9 tiers by score, lowest first, with their colours. */
export const TIERS: ReadonlyArray<{ tier: Tier; range: string; variant: BadgeVariant }> = [
  { tier: 'Novice', range: '0-499', variant: 'default' },
  { tier: 'Advanced', range: '500-999', variant: 'lime' },
  { tier: 'Expert', range: '1000-1499', variant: 'cyan' },
  { tier: 'Master', range: '1500-1999', variant: 'magenta' },
  { tier: 'Legendary', range: '2000+', variant: 'gold' },
];

const VARIANT: Record<Tier, BadgeVariant> = Object.fromEntries(TIERS.map((t) => [t.tier, t.variant])) as Record<
  Tier,
  BadgeVariant
>;

export function TierBadge({ tier, className }: { tier: Tier; className?: string }) {
  return (
    <Badge variant={VARIANT[tier] ?? 'default'} data-testid="tier-badge" data-tier={tier} className={className}>
      {tier}
    </Badge>
  );
}

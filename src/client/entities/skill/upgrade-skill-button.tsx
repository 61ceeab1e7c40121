import { ArrowBigUpDash } from 'lucide-react';
import type { LearnedSkillView } from '@common/economy-api';
import { Button, Tooltip } from '@client/ui';
import { upgradeButtonState } from './skill-rules';

export interface UpgradeSkillButtonProps {
  learned: Pick<LearnedSkillView, 'skillId' | 'level' | 'skill'>;
  /** Unspent skill points and level of the character. */
  points: number;
  level: number;
  /** This skill's upgrade is under way. */
  upgrading: boolean;
  /** Another skill action is under way: hold the button. */
  busy: boolean;
  onUpgrade: () => void;
}

/**
 * 'Upgrade Skill (n SP)' under a learned skill below its max level (nothing at max level).
 * Disabled while a request runs or when a rule is unmet; the reason shows as a tooltip, as the
 * button's title and to screen readers.
 */
export function UpgradeSkillButton({ learned, points, level, upgrading, busy, onUpgrade }: UpgradeSkillButtonProps) {
  const state = upgradeButtonState(learned.skill, learned.level, { points, level });
  if (!state) return null;
  const reasonId = `upgrade-reason-${learned.skillId}`;
  const button = (
    <Button
      size="sm"
      variant={state.disabled ? 'secondary' : 'primary'}
      disabled={state.disabled || busy}
      onClick={onUpgrade}
      aria-describedby={state.reason ? reasonId : undefined}
      data-testid={`upgrade-skill-${learned.skillId}`}
      data-level={learned.level}
    >
      <ArrowBigUpDash aria-hidden />
      {upgrading ? 'Upgrading...' : state.label}
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {state.reason ? (
        <span id={reasonId} className="sr-only">
          {state.reason}
        </span>
      ) : null}
      {state.reason ? (
        <Tooltip content={state.reason}>
          {/* A disabled button gets no pointer events: the wrapper carries the tip and the title. */}
          <span tabIndex={0} title={state.reason} className="inline-flex" data-testid={`upgrade-skill-reason-${learned.skillId}`}>
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
    </div>
  );
}

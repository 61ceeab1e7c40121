import { Sparkles, Sword } from 'lucide-react';
import { describeDuelSkill, readinessLabel } from '@common/duel-rules';
import type { DuelSkillView } from '@common/duel';
import { Button } from '@client/ui';

export interface DuelMovesProps {
  skills: readonly DuelSkillView[];
  online: boolean;
  onAttack: () => void;
  onSkill: (skillId: number) => void;
}

/**
 * The player's choices on its turn (issue 24): Attack, and each learned active or ultimate skill
 * with what it does and its cooldown in turns; a skill still waiting is shown, greyed, with the
 * turns left.
 */
export function DuelMoves({ skills, online, onAttack, onSkill }: DuelMovesProps) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="real-pvp-moves" aria-label="Your moves">
      <li className="flex min-w-0 flex-col gap-1">
        <Button data-testid="real-pvp-attack" disabled={!online} onClick={onAttack}>
          <Sword aria-hidden />
          Attack
        </Button>
        <p className="text-xs leading-snug text-ink-dim">A plain blow with your class&apos;s power stat. Always ready.</p>
      </li>
      {skills.map((skill) => {
        const ready = skill.readyIn <= 0;
        const help = `real-pvp-skill-help-${skill.skillId}`;
        return (
          <li key={skill.skillId} className="flex min-w-0 flex-col gap-1">
            <Button
              variant="secondary"
              className="h-auto flex-wrap whitespace-normal! leading-snug"
              data-testid="real-pvp-skill"
              data-skill-id={skill.skillId}
              data-ready={ready}
              aria-describedby={help}
              disabled={!online || !ready}
              onClick={() => onSkill(skill.skillId)}
            >
              <Sparkles aria-hidden />
              {skill.name}
              <span className="text-pixel-2xs text-ink-dim" data-testid="real-pvp-skill-ready">
                ({readinessLabel(skill.readyIn)})
              </span>
            </Button>
            <p id={help} className="text-xs leading-snug text-ink-dim" data-testid="real-pvp-skill-help">
              {describeDuelSkill(skill)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

import type { ReactNode } from 'react';
import { Coins, Gauge, Skull, Trophy } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { CharacterView } from '@common/game-api';
import { cn } from '@client/lib/cn';
import { Progress } from '@client/ui';

function Fact({ label, icon, children, testId }: { label: string; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 border-2 border-edge bg-void/60 px-2.5 py-2">
      <dt className="flex items-center gap-1.5 font-pixel text-pixel-2xs text-ink-muted uppercase [&_svg]:size-3.5 [&_svg]:shrink-0">
        {icon}
        {label}
      </dt>
      <dd className="truncate text-xl leading-none text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Wins, losses, value and power level as four tiles. */
export function CharacterFacts({ character, className }: { character: CharacterView; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-1 gap-2 min-[15rem]:grid-cols-2 sm:grid-cols-4', className)}>
      <Fact label="Wins" icon={<Trophy aria-hidden className="text-neon-lime" />} testId="character-wins">
        {character.wins}
      </Fact>
      <Fact label="Losses" icon={<Skull aria-hidden className="text-danger" />} testId="character-losses">
        {character.losses}
      </Fact>
      <Fact label="Value" icon={<Coins aria-hidden className="text-gold" />} testId="character-value">
        <span className="text-gold">{formatCredits(character.value)}</span>
      </Fact>
      <Fact label="Power" icon={<Gauge aria-hidden className="text-neon-magenta" />} testId="character-power">
        {character.powerLevel}
      </Fact>
    </dl>
  );
}

/** The experience bar: experience / experienceToNext towards the next level. */
export function ExperienceBar({ character, className }: { character: CharacterView; className?: string }) {
  const { experience, experienceToNext, level } = character;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">XP to level {level + 1}</span>
        <span className="text-lg leading-none text-neon-cyan tabular-nums" data-testid="character-xp">
          {experience} / {experienceToNext}
        </span>
      </div>
      <Progress value={experience} max={experienceToNext} aria-label={`Experience ${experience} of ${experienceToNext}`} />
    </div>
  );
}

import { Link } from 'wouter';
import { GraduationCap, Sparkles, Star, TrendingUp } from 'lucide-react';
import type { CharacterView, ProgressionView } from '@common/game-api';
import { Button, Card, CardContent, CardHeader, CardTitle, Progress, StatTile } from '@client/ui';
import { className as classLabel } from '@client/entities/character/character-info';


function Pending() {
  return <span aria-label="Loading" role="img" className="inline-block h-4 w-8 bg-panel-3 align-middle motion-safe:animate-pulse" />;
}

export interface ProgressionCardProps {
  character: CharacterView;
  progression: ProgressionView | undefined;
  /** Learned skills of the character; undefined while they load. */
  learnedCount: number | undefined;
}

/** Level, unspent skill and stat points, skills learned and experience of the selected fighter. */
export function ProgressionCard({ character, progression, learnedCount }: ProgressionCardProps) {
  // The character's own values stand in until the progression arrives.
  const level = progression?.level ?? character.level;
  const skillPoints = progression?.availableSkillPoints ?? character.skillPoints;
  const statPoints = progression?.statPoints ?? character.statPoints;
  const experience = progression?.experience ?? character.experience;
  const toNext = progression?.experienceToNext ?? character.experienceToNext;

  return (
    <Card accent="cyan" className="mb-6 shadow-hard" data-testid="progression-card" data-character-id={character.id}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-2">
        <CardTitle className="flex min-w-0 items-center gap-2 text-pixel-xs text-neon-cyan">
          <TrendingUp aria-hidden className="size-4 shrink-0" />
          <span className="truncate">
            {character.name}'s Progression
          </span>
        </CardTitle>
        <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">{classLabel(character.class)}</span>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <StatTile label="Level" icon={<Star aria-hidden className="text-gold" />} value={level} tone="text-gold" testId="progression-level" />
          <StatTile
            label="Skill Points"
            icon={<Sparkles aria-hidden className="text-neon-magenta" />}
            value={skillPoints}
            tone="text-[#ff7ae6]"
            testId="progression-skill-points"
          />
          <StatTile
            label="Stat Points"
            icon={<TrendingUp aria-hidden className="text-neon-lime" />}
            value={statPoints}
            tone="text-neon-lime"
            testId="progression-stat-points"
          />
          <StatTile
            label="Skills Learned"
            icon={<GraduationCap aria-hidden className="text-neon-cyan" />}
            value={learnedCount ?? <Pending />}
            tone="text-neon-cyan"
            testId="progression-skills-learned"
          />
        </dl>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-pixel text-pixel-2xs text-ink-muted uppercase">XP to level {level + 1}</span>
            <span className="text-lg leading-none text-neon-cyan tabular-nums" data-testid="progression-xp">
              {experience} / {toNext}
            </span>
          </div>
          <Progress value={experience} max={toNext} aria-label={`Experience ${experience} of ${toNext}`} />
        </div>
        {statPoints > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-2 border-neon-lime/60 bg-success-deep/60 px-3 py-2">
            <span className="text-base text-ink">
              {statPoints} stat point{statPoints === 1 ? '' : 's'} waiting to be spent.
            </span>
            <Button asChild variant="secondary" size="sm">
              <Link href="/equipment">Spend Stat Points</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { useId, useState } from 'react';
import { ChevronDown, Coins, Sparkles, Tag, TrendingUp } from 'lucide-react';
import { formatCredits } from '@common/constants';
import type { CharacterView, ProgressionView } from '@common/game-api';
import { cn } from '@client/lib/cn';
import { Badge, Button, Card, StatTile } from '@client/ui';
import { ExperienceBar } from '@client/entities/character/character-facts';
import { className as classLabel } from '@client/entities/character/character-info';
import { CLASS_ICONS } from '@client/entities/character/class-icons';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { StatAllocator } from '@client/entities/character/stat-allocator';
import { SkeletonBlock } from './item-card';

export interface EquipmentHeaderProps {
  character: CharacterView;
  /** Fresh points and experience; the character's own values stand in until it loads. */
  progression: ProgressionView | undefined;
  credits: number | null;
}

function NameAndBadges({ character, level }: { character: CharacterView; level: number }) {
  const Icon = CLASS_ICONS[character.class];
  return (
    <div className="flex flex-col gap-2">
      <h2 className="truncate font-pixel text-pixel-md leading-snug text-ink" data-testid="equip-character-name">
        {character.name}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="magenta" data-testid="equip-character-class">
          <Icon aria-hidden />
          {classLabel(character.class)}
        </Badge>
        <Badge variant="cyan" data-testid="equip-character-level">
          Level {level}
        </Badge>
        {character.listing ? (
          <Badge variant="gold" title="Listed characters cannot change gear or learn skills">
            <Tag aria-hidden />
            Listed for sale
          </Badge>
        ) : null}
      </div>
    </div>
  );
}

function PointTiles({ skillPoints, statPoints, credits }: { skillPoints: number; statPoints: number; credits: number | null }) {
  return (
    <dl className="grid grid-cols-3 gap-2">
      <StatTile size="sm" label="Skill Pts" icon={<Sparkles aria-hidden className="text-neon-magenta" />} value={skillPoints} tone="text-[#ff7ae6]" testId="equip-skill-points" />
      <StatTile size="sm" label="Stat Pts" icon={<TrendingUp aria-hidden className="text-neon-lime" />} value={statPoints} tone="text-neon-lime" testId="equip-stat-points" />
      <StatTile
        size="sm"
        label="Credits"
        icon={<Coins aria-hidden className="text-gold" />}
        value={credits == null ? <SkeletonBlock className="h-3 w-12" /> : formatCredits(credits)}
        tone="text-gold"
        testId="equip-credits"
      />
    </dl>
  );
}

/** The stat allocator; on phones it folds away behind a button so the tabs stay near the top. */
function FoldingAllocator({ character }: { character: CharacterView }) {
  const [open, setOpen] = useState(false);
  const allocatorId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-3 sm:col-span-2 lg:col-span-1">
      <Button
        variant="secondary"
        className="lg:hidden"
        aria-expanded={open}
        aria-controls={allocatorId}
        onClick={() => setOpen((o) => !o)}
        data-testid="toggle-stat-allocator"
      >
        <TrendingUp aria-hidden />
        Spend {character.statPoints} stat point{character.statPoints === 1 ? '' : 's'}
        <ChevronDown aria-hidden className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
      </Button>
      <div id={allocatorId} className={cn(!open && 'max-lg:hidden')}>
        <StatAllocator key={character.id} character={character} />
      </div>
    </div>
  );
}

/** The fighter being kitted out: look, level, class, experience, points and the stat allocator. */
export function EquipmentHeader({ character, progression, credits }: EquipmentHeaderProps) {
  const level = progression?.level ?? character.level;
  const xp = {
    ...character,
    level,
    experience: progression?.experience ?? character.experience,
    experienceToNext: progression?.experienceToNext ?? character.experienceToNext,
  };
  const allocating = character.statPoints > 0;

  return (
    <Card accent="cyan" className="mb-6 shadow-hard" data-testid="equipment-header" data-character-id={character.id}>
      <div
        className={cn(
          'grid gap-5 p-4 sm:p-5',
          'sm:grid-cols-[auto_minmax(0,1fr)]',
          allocating && 'lg:grid-cols-[auto_minmax(0,1fr)_minmax(0,22rem)]',
        )}
      >
        <SpriteStage
          avatar={character.characterAvatar}
          imageSet={character.imageSet}
          size={104}
          accent="cyan"
          animate
          alt={`${character.name}, ${classLabel(character.class)}`}
          className="self-center justify-self-center sm:self-start"
        />
        <div className="flex min-w-0 flex-col gap-4">
          <NameAndBadges character={character} level={level} />
          <ExperienceBar character={xp} />
          <PointTiles
            skillPoints={progression?.availableSkillPoints ?? character.skillPoints}
            statPoints={progression?.statPoints ?? character.statPoints}
            credits={credits}
          />
        </div>
        {allocating ? <FoldingAllocator character={character} /> : null}
      </div>
    </Card>
  );
}

/** The header's shape while the character loads. */
export function EquipmentHeaderSkeleton() {
  return (
    <Card accent="default" className="mb-6" data-testid="equipment-header-loading">
      <div aria-hidden className="grid gap-5 p-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:p-5">
        <SkeletonBlock className="size-[130px] justify-self-center" />
        <div className="flex flex-col gap-4">
          <SkeletonBlock className="h-4 w-48" />
          <SkeletonBlock className="h-6 w-40" />
          <SkeletonBlock className="h-8 w-full" />
          <div className="grid grid-cols-3 gap-2">
            <SkeletonBlock className="h-14" />
            <SkeletonBlock className="h-14" />
            <SkeletonBlock className="h-14" />
          </div>
        </div>
      </div>
    </Card>
  );
}

import type { CharacterView } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';
import { className as classLabel } from '@client/entities/character/character-info';

export interface CharacterPickerProps {
  characters: CharacterView[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/** Chooses whose skills the screen shows; one pressed button per fighter. */
export function CharacterPicker({ characters, selectedId, onSelect }: CharacterPickerProps) {
  return (
    <div role="group" aria-label="Choose a character" className="mb-6 flex flex-wrap gap-3" data-testid="character-picker">
      {characters.map((c) => {
        const active = c.id === selectedId;
        return (
          <button
            key={c.id}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(c.id)}
            data-testid={`character-option-${c.id}`}
            className={cn(
              'flex min-w-0 cursor-pointer items-center gap-3 border-2 py-2 pr-4 pl-2 text-left transition-colors',
              active
                ? 'border-neon-cyan bg-neon-cyan/10 shadow-hard-sm'
                : 'border-edge bg-panel-2 hover:border-edge-bright hover:bg-panel-3',
            )}
          >
            <span aria-hidden className="grid size-12 shrink-0 place-items-center border-2 border-edge bg-void">
              <SpriteImage file={avatarSpriteFile(c.characterAvatar, c.imageSet)} size={40} />
            </span>
            <span className="min-w-0">
              <span className={cn('block truncate font-pixel text-pixel-2xs uppercase', active ? 'text-neon-cyan' : 'text-ink')}>
                {c.name}
              </span>
              <span className="block text-base leading-tight text-ink-muted">
                Level {c.level} {classLabel(c.class)}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

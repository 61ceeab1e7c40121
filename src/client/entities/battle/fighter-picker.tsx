import { Tag } from 'lucide-react';
import { CLASSES } from '@common/classes';
import type { CharacterView } from '@common/game-api';
import { avatarSpriteFile } from '@common/sprite-files';
import { cn } from '@client/lib/cn';
import { SpriteImage } from '@client/ui/character-sprite';
import { Card, CardContent, CardHeader, CardTitle } from '@client/ui';

export interface FighterPickerProps {
  characters: readonly CharacterView[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** No switching fighters in the middle of a battle. */
  disabled: boolean;
}

/** The player's own characters as a radio group; a character listed for sale cannot fight. */
export function FighterPicker({ characters, selectedId, onSelect, disabled }: FighterPickerProps) {
  return (
    <Card accent="magenta">
      <CardHeader className="pb-2">
        <CardTitle id="fighter-picker-title">Choose Your Fighter</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset
          data-testid="fighter-picker"
          aria-labelledby="fighter-picker-title"
          disabled={disabled}
          className="m-0 flex max-h-72 min-w-0 flex-col gap-2 overflow-y-auto border-0 p-1"
        >
          {characters.map((c) => {
            const listed = c.listing !== null;
            const selected = c.id === selectedId;
            const noteId = `fighter-note-${c.id}`;
            return (
              <label
                key={c.id}
                data-testid={`fighter-option-${c.id}`}
                data-selected={selected}
                className={cn(
                  'flex min-w-0 items-center gap-3 border-2 px-2 py-2 transition-colors',
                  'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime',
                  selected ? 'border-neon-cyan bg-neon-cyan/10' : 'border-edge bg-void/40',
                  listed || disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:border-edge-bright hover:bg-panel-3',
                  listed && 'opacity-60',
                )}
              >
                <input
                  type="radio"
                  name="battle-fighter"
                  value={c.id}
                  checked={selected}
                  disabled={listed}
                  onChange={() => onSelect(c.id)}
                  aria-label={`${c.name}, level ${c.level} ${CLASSES[c.class]?.name ?? c.class}`}
                  aria-describedby={listed ? noteId : undefined}
                  className="sr-only"
                />
                <span aria-hidden className="grid size-12 shrink-0 place-items-center border-2 border-edge bg-panel-2">
                  <SpriteImage file={avatarSpriteFile(c.characterAvatar, c.imageSet)} size={40} />
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  {/* A long name ends in an ellipsis (the whole name in its title), never a wrapped blur of pixels. */}
                  <span className="truncate font-pixel text-pixel-2xs leading-normal text-ink sm:text-pixel-xs" title={c.name} data-testid="fighter-option-name">
                    {c.name}
                  </span>
                  {/* The class is never cut: the record moves to a line of its own when the card is narrow. */}
                  <span className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 text-base leading-none text-ink-muted">
                    <span className="whitespace-nowrap" data-testid="fighter-option-class">
                      Lv {c.level} {CLASSES[c.class]?.name ?? c.class}
                    </span>
                    <span className="shrink-0 whitespace-nowrap text-ink-dim" data-testid="fighter-option-record">
                      {c.wins}W / {c.losses}L
                    </span>
                  </span>
                  {listed ? (
                    <span id={noteId} className="flex items-center gap-1 text-base leading-none text-gold">
                      <Tag aria-hidden className="size-3.5" />
                      Listed for sale: cannot fight
                    </span>
                  ) : null}
                </span>
                <span
                  aria-hidden
                  className={cn(
                    'size-4 shrink-0 border-2',
                    selected ? 'border-neon-cyan bg-neon-cyan shadow-[inset_0_0_0_2px_var(--color-void)]' : 'border-edge-bright',
                  )}
                />
              </label>
            );
          })}
        </fieldset>
      </CardContent>
    </Card>
  );
}

import { GUILD_AVATAR_IDS, isGuildAvatar, type GuildAvatarId } from '@common/guild-rules';
import { GUILD_EMBLEM_SPRITES } from '@common/sprite-art/guild-emblems';
import { cn } from '@client/lib/cn';
import { PixelSprite } from '@client/ui';

/** A guild's emblem, drawn from its pixel matrix (the same art `/api/assets/guild-*.svg` serves). */
export function GuildEmblem({ avatar, size = 48, title, className }: { avatar: string; size?: number; title?: string; className?: string }) {
  const id: GuildAvatarId = isGuildAvatar(avatar) ? avatar : GUILD_AVATAR_IDS[0];
  const art = GUILD_EMBLEM_SPRITES[id];
  return (
    <PixelSprite
      rows={art.rows}
      palette={art.palette}
      scale={size / 32}
      title={title}
      className={cn('shrink-0 [image-rendering:pixelated]', className)}
    />
  );
}

export function emblemName(avatar: string): string {
  return GUILD_EMBLEM_SPRITES[isGuildAvatar(avatar) ? avatar : GUILD_AVATAR_IDS[0]].name.replace(/ Crest$/, '');
}

/** The 12 emblems as a native radio group: arrow keys move the choice. */
export function EmblemPicker({
  value,
  onChange,
  labelledBy,
  disabled,
}: {
  value: GuildAvatarId;
  onChange: (id: GuildAvatarId) => void;
  labelledBy: string;
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid grid-cols-3 gap-2 min-[480px]:grid-cols-4 sm:grid-cols-6" data-testid="guild-emblem-picker">
      {GUILD_AVATAR_IDS.map((id) => {
        const selected = id === value;
        return (
          <label
            key={id}
            data-testid={`guild-emblem-${id}`}
            data-state={selected ? 'checked' : 'unchecked'}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1 border-2 bg-panel-2 p-1.5 text-center transition-colors',
              'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-lime has-[input:focus-visible]:outline-solid',
              disabled && 'cursor-not-allowed opacity-60',
              selected ? 'border-neon-cyan bg-neon-cyan/10' : 'border-edge hover:border-edge-bright hover:bg-panel-3',
            )}
          >
            <input
              type="radio"
              name="guild-emblem"
              value={id}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(id)}
              className="sr-only"
            />
            <GuildEmblem avatar={id} size={48} />
            <span className={cn('text-base leading-none', selected ? 'text-neon-cyan' : 'text-ink-muted')}>{emblemName(id)}</span>
          </label>
        );
      })}
    </div>
  );
}

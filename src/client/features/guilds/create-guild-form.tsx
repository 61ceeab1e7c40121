import { useId, useState, type FormEvent } from 'react';
import type * as GuildRules from '@common/guilds';
import { Flag, Lock } from 'lucide-react';
import { GUILD_AVATAR_IDS, GUILD_DESCRIPTION_MAX, GUILD_MAX_MEMBERS, GUILD_MESSAGES, GUILD_NAME_MAX, type GuildAvatarId } from '@common/guild-rules';
import { TextArea } from '@client/ui';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, toast } from '@client/ui';
import { EmblemPicker, GuildEmblem } from './guild-emblem';
import { onDemand, RULES_UNREACHABLE, useWithModule } from '@client/lib/on-demand';
import { useCreateGuild } from './guild-queries';

/** The server's rules for a new guild (the shared schema, with zod) load when the form is first touched; a submit waits for them. */
const rules = onDemand<typeof GuildRules>(() => import('@common/guilds'));
const rulesFailed = () => toast({ title: 'Error', description: RULES_UNREACHABLE, variant: 'destructive' });

/** Found a guild: name, optional description, one of 12 emblems, private (invite only). */
export function CreateGuildForm() {
  const create = useCreateGuild();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [avatar, setAvatar] = useState<GuildAvatarId>(GUILD_AVATAR_IDS[0]);
  const [isPrivate, setPrivate] = useState(false);
  const ids = useId();

  const checking = useWithModule(rules, rulesFailed);
  const busy = create.isPending || checking.waiting;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const text = description.trim();
    // The server's own rules (length, a visible name, not one the game keeps), told before anything is sent.
    checking.run(({ createGuildBody }) => {
      const checked = createGuildBody.safeParse({
        name,
        ...(text ? { description: text } : {}),
        guildAvatar: avatar,
        isPrivate,
        maxMembers: GUILD_MAX_MEMBERS,
      });
      if (!checked.success) {
        toast({ title: 'Error', description: checked.error.issues[0]?.message ?? GUILD_MESSAGES.nameRequired, variant: 'destructive' });
        return;
      }
      create.mutate(checked.data);
    });
  };

  return (
    <Card accent="cyan" data-testid="create-guild-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Flag aria-hidden className="size-4 text-neon-cyan" />
          Found a Guild
        </CardTitle>
        <CardDescription>Lead your own guild of up to {GUILD_MAX_MEMBERS} fighters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} onFocus={rules.warm} noValidate aria-label="Create a guild" className="flex flex-col gap-5" data-testid="create-guild-form">
          <div className="flex items-start gap-4">
            <GuildEmblem avatar={avatar} size={64} className="mt-5 hidden sm:block" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Label htmlFor={`${ids}-name`}>Guild name</Label>
              <Input
                id={`${ids}-name`}
                data-testid="guild-name-input"
                placeholder="e.g. Null Pointers"
                autoComplete="off"
                maxLength={GUILD_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.target.value)}
                disabled={create.isPending}
              />
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${ids}-description`}>Description (optional)</Label>
            <TextArea
              id={`${ids}-description`}
              data-testid="guild-description-input"
              placeholder="What is your guild about?"
              maxLength={GUILD_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              disabled={create.isPending}
              className="min-h-20"
            />
          </div>
          <div className="flex flex-col gap-2">
            <span id={`${ids}-emblem`} className="font-pixel text-pixel-2xs tracking-wide text-ink-muted uppercase">
              Emblem
            </span>
            <EmblemPicker value={avatar} onChange={setAvatar} labelledBy={`${ids}-emblem`} disabled={create.isPending} />
          </div>
          <label className="flex cursor-pointer items-center gap-3 text-lg text-ink" htmlFor={`${ids}-private`}>
            <input
              id={`${ids}-private`}
              type="checkbox"
              data-testid="guild-private-checkbox"
              checked={isPrivate}
              onChange={(e) => setPrivate(e.target.checked)}
              disabled={create.isPending}
              className="pixel-checkbox"
            />
            <Lock aria-hidden className="size-4 text-neon-magenta" />
            Private guild (invite only)
          </label>
          <Button type="submit" size="lg" disabled={busy} data-testid="create-guild-submit" className="self-start">
            <Flag aria-hidden />
            {busy ? 'Founding...' : 'Create Guild'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

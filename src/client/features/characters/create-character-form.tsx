import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type * as CharacterRules from '@common/characters';
import { Info, UserPlus } from 'lucide-react';
import { AVATARS, CHARACTER_MESSAGES, CLASSES, DEFAULT_AVATAR, type AvatarId, type ClassId } from '@common/classes';
import { CHARACTER_NAME_MAX } from '@common/constants';
import { nameInput } from './name-input';
import { Badge, Button, Card, CardContent, Input, Label, toast } from '@client/ui';
import { AvatarPicker } from './avatar-picker';
import { ClassPicker } from './class-picker';
import { CLASS_COLORS, CLASS_ICONS } from '@client/entities/character/class-icons';
import { SpriteStage } from '@client/entities/character/sprite-stage';
import { onDemand, RULES_UNREACHABLE, useWithModule } from '@client/lib/on-demand';
import { useCreateCharacter } from './use-characters';

/** The server's rules for a new fighter (the shared schema, with zod) load when the form is first touched; a submit waits for them. */
const rules = onDemand<typeof CharacterRules>(() => import('@common/characters'));
const rulesFailed = () => toast({ title: 'Error', description: RULES_UNREACHABLE, variant: 'destructive' });

function StepTitle({ id, step, children }: { id?: string; step: number; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-3 font-pixel text-pixel-xs text-ink uppercase">
      <span aria-hidden className="grid size-7 place-items-center bg-neon-magenta font-pixel text-pixel-2xs text-void">
        {step}
      </span>
      {children}
    </h2>
  );
}

function Preview({ name, avatar, classId }: { name: string; avatar: AvatarId; classId: ClassId }) {
  const info = CLASSES[classId];
  const Icon = CLASS_ICONS[classId];
  const shown = name.trim();
  return (
    <section aria-labelledby="preview-title" data-testid="character-preview" aria-live="polite">
      <h2 id="preview-title" className="mb-3 font-pixel text-pixel-2xs text-neon-lime uppercase">
        Preview
      </h2>
      <div className="flex flex-col items-center gap-4 border-2 border-dashed border-edge-bright bg-void/50 p-5 text-center">
        <SpriteStage avatar={avatar} size={128} accent="lime" animate />
        <div className="flex w-full min-w-0 flex-col items-center gap-2">
          <p
            data-testid="preview-name"
            className="w-full truncate font-pixel text-pixel-sm leading-relaxed text-ink"
            title={shown || undefined}
          >
            {shown || 'Your Fighter'}
          </p>
          <Badge variant="magenta" data-testid="preview-class">
            <Icon aria-hidden />
            {info.name}
          </Badge>
          <p className={`text-lg leading-tight ${CLASS_COLORS[classId]}`}>{info.description}</p>
          <p className="text-base leading-tight text-ink-muted">
            {AVATARS[avatar].name}: {AVATARS[avatar].description}
          </p>
        </div>
      </div>
    </section>
  );
}

/** 'Create Your Fighter': name, avatar and class, with a live preview. */
export function CreateCharacterForm() {
  const create = useCreateCharacter();
  const [name, setName] = useState('');
  const [avatar, setAvatar] = useState<AvatarId>(DEFAULT_AVATAR);
  const [classId, setClassId] = useState<ClassId>(AVATARS[DEFAULT_AVATAR].classId);
  const [classChosen, setClassChosen] = useState(false);
  const ids = useId();
  // The form is the whole screen of a player without a fighter: typing a name comes first.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const avatarLabel = `${ids}-avatar`;
  const classLabel = `${ids}-class`;

  const chooseAvatar = (next: AvatarId) => {
    setAvatar(next);
    // Until the player picks a class, the class follows the look of the avatar.
    if (!classChosen) setClassId(AVATARS[next].classId);
  };

  const chooseClass = (next: ClassId) => {
    setClassChosen(true);
    setClassId(next);
  };

  const checking = useWithModule(rules, rulesFailed);
  const busy = create.isPending || checking.waiting;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // The server's own rules (a visible name, not one the game keeps), told before anything is sent.
    checking.run(({ createCharacterBody }) => {
      const checked = createCharacterBody.safeParse({ name, class: classId, characterAvatar: avatar });
      if (!checked.success) {
        toast({ title: 'Error', description: checked.error.issues[0]?.message ?? CHARACTER_MESSAGES.nameRequired, variant: 'destructive' });
        return;
      }
      create.mutate(checked.data);
    });
  };

  return (
    <form
      onSubmit={submit}
      onFocus={rules.warm}
      noValidate
      aria-label="Create your fighter"
      data-testid="create-character-form"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <Card accent="cyan">
        <CardContent className="flex flex-col gap-8 pt-5">
          <div className="flex flex-col gap-3">
            <StepTitle step={1}>Name</StepTitle>
            <Label htmlFor="character-name" className="sr-only">
              Character name
            </Label>
            <Input
              ref={nameRef}
              id="character-name"
              name="name"
              data-testid="character-name-input"
              placeholder="Enter your fighter's name"
              autoComplete="off"
              spellCheck={false}
              value={name}
              onChange={(e) => setName(nameInput(e.target.value))}
              aria-describedby="character-name-hint"
              disabled={create.isPending}
            />
            <p id="character-name-hint" className="flex justify-between gap-3 text-base text-ink-dim">
              <span>Up to {CHARACTER_NAME_MAX} characters</span>
              <span aria-hidden data-testid="character-name-count">
                {name.trim().length}/{CHARACTER_NAME_MAX}
              </span>
            </p>
          </div>

          <div className="flex flex-col gap-3">
            <StepTitle id={avatarLabel} step={2}>
              Choose Avatar
            </StepTitle>
            <AvatarPicker value={avatar} onChange={chooseAvatar} labelledBy={avatarLabel} disabled={create.isPending} />
          </div>

          <div className="flex flex-col gap-3">
            <StepTitle id={classLabel} step={3}>
              Choose Class
            </StepTitle>
            <ClassPicker value={classId} onChange={chooseClass} labelledBy={classLabel} disabled={create.isPending} />
          </div>
        </CardContent>
      </Card>

      <Card accent="lime" className="lg:sticky lg:top-32">
        <CardContent className="flex flex-col gap-5 pt-5">
          <Preview name={name} avatar={avatar} classId={classId} />
          <Button
            type="submit"
            size="lg"
            className="w-[calc(100%-6px)] whitespace-normal"
            disabled={name.length === 0 || busy}
            data-testid="create-character-submit"
          >
            <UserPlus aria-hidden />
            {busy ? 'Creating Fighter...' : 'Create Fighter'}
          </Button>
          <p
            data-testid="one-character-hint"
            className="flex items-start gap-2 border-2 border-dashed border-gold/60 bg-gold/10 px-3 py-2 text-base leading-tight text-gold"
          >
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            You can only have one character per account
          </p>
        </CardContent>
      </Card>
    </form>
  );
}

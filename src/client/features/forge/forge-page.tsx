import { useState } from 'react';
import { Link } from 'wouter';
import { Hammer, Palette, RotateCcw, UserPlus, UserX } from 'lucide-react';
import { AuthRequired } from '@client/app/auth-required';
import { errorMessage, isUnauthorized } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/use-auth';
import { Button, Card, CardContent, CardHeader, CardTitle, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { ForgeHeader } from './forge-header';
import { useCurrentCharacter, useEquipmentSets, useImageSets, useMaterials } from './forge-queries';
import { ForgeTab } from './forge-tab';
import { StyleTab } from './style-tab';
import './forge.css';

type ForgeTabId = 'forge' | 'style';

function NoCharacter() {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="no-character">
      <Card accent="magenta" className="text-center">
        <CardHeader className="items-center">
          <UserX aria-hidden className="size-8 text-neon-magenta" />
          <CardTitle>Create a character first</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg text-ink-muted">The forge needs a fighter to make gear for and to dress in new looks.</p>
          <Button asChild size="lg">
            <Link href="/characters">
              <UserPlus aria-hidden />
              Create Character
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg py-6" data-testid="character-error">
      <Card accent="danger" className="text-center">
        <CardHeader className="items-center">
          <CardTitle>Could not load your character</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-5">
          <p className="text-lg break-words text-ink-muted">{message}</p>
          <Button variant="secondary" onClick={onRetry}>
            <RotateCcw aria-hidden />
            Retry
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** Forge (SPEC §2): forge equipment-set pieces from materials and change the character's look. */
export function ForgePage() {
  const { user } = useCurrentUser();
  const character = useCurrentCharacter();
  const [tab, setTab] = useState<ForgeTabId>('forge');
  const hasCharacter = character.character !== null;
  const readsEnabled = !character.missing && !character.unauthorized;
  const sets = useEquipmentSets(readsEnabled);
  const materials = useMaterials(readsEnabled);
  const imageSets = useImageSets(hasCharacter);

  const credits = user?.credits ?? 0;
  const unauthorized =
    character.unauthorized ||
    (sets.isError && isUnauthorized(sets.error)) ||
    (materials.isError && isUnauthorized(materials.error)) ||
    (imageSets.isError && isUnauthorized(imageSets.error));

  if (unauthorized) return <AuthRequired message="You need to be logged in to use the forge" />;

  const header = <ForgeHeader credits={credits} level={character.character?.level ?? null} />;

  if (character.isPending) {
    return (
      <>
        {header}
        <Spinner className="min-h-[60vh]" label="Heating the forge..." />
      </>
    );
  }
  if (character.missing) {
    return (
      <>
        {header}
        <NoCharacter />
      </>
    );
  }
  if (character.failed || !character.character) {
    return (
      <>
        {header}
        <LoadError message={errorMessage(character.error)} onRetry={() => void character.refetch()} />
      </>
    );
  }

  return (
    <>
      {header}
      <Tabs value={tab} onValueChange={(v) => setTab(v === 'style' ? 'style' : 'forge')}>
        <TabsList aria-label="Forge sections">
          <TabsTrigger value="forge" data-testid="forge-tab-forge" className="flex items-center justify-center gap-2">
            <Hammer aria-hidden className="size-4 shrink-0" />
            Forge Equipment
          </TabsTrigger>
          <TabsTrigger value="style" data-testid="forge-tab-style" className="flex items-center justify-center gap-2">
            <Palette aria-hidden className="size-4 shrink-0" />
            Character Style
          </TabsTrigger>
        </TabsList>
        {/* Both panels stay mounted, so a chosen set and slot survive a look at the other tab. */}
        <TabsContent value="forge" forceMount className="data-[state=inactive]:hidden">
          <ForgeTab sets={sets} materials={materials} />
        </TabsContent>
        <TabsContent value="style" forceMount className="data-[state=inactive]:hidden">
          <StyleTab character={character.character} credits={credits} imageSets={imageSets} />
        </TabsContent>
      </Tabs>
    </>
  );
}

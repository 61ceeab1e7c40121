import { useState } from 'react';
import { Hammer, Palette } from 'lucide-react';
import { AuthRequired } from '@client/entities/user/auth-required';
import { CharactersLoadError, NoCharacterCard } from '@client/entities/character/character-gate';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';
import { errorMessage, isUnauthorized } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/use-auth';
import { Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { ForgeHeader } from './forge-header';
import { useEquipmentSets, useImageSets, useMaterials } from './forge-queries';
import { ForgeTab } from './forge-tab';
import { StyleTab } from './style-tab';
import './forge.css';

type ForgeTabId = 'forge' | 'style';

/** Forge (SPEC §2): forge equipment-set pieces from materials and change the character's look. */
export function ForgePage() {
  const { user } = useCurrentUser();
  const character = useCurrentCharacter();
  const [tab, setTab] = useState<ForgeTabId>('forge');
  const hasCharacter = character.character !== null;
  const readsEnabled = !character.empty && !character.unauthorized;
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
  if (character.empty) {
    return (
      <>
        {header}
        <NoCharacterCard message="The forge needs a fighter to make gear for and to dress in new looks." />
      </>
    );
  }
  if (character.failed || !character.character) {
    return (
      <>
        {header}
        <CharactersLoadError
          title="Could not load your character"
          testId="character-error"
          message={errorMessage(character.error)}
          onRetry={() => void character.refetch()}
        />
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

import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Anvil, Shield, Shirt, Sparkles, Store, type LucideIcon } from 'lucide-react';
import { AuthRequired } from '@client/entities/user/auth-required';
import { errorMessage, isUnauthorized } from '@client/lib/api';
import { warmLoad } from '@client/lib/warm-load';
import { useCurrentUser } from '@client/lib/use-auth';
import { Button, Card, CardContent, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui';
import { CharactersLoadError, NoCharacterCard } from '@client/entities/character/character-gate';
import { useCurrentCharacter } from '@client/entities/character/use-current-character';
import { useProgression } from '@client/entities/skill/use-skills';
import { EquipmentHeader, EquipmentHeaderSkeleton } from './equipment-header';
import { EQUIPMENT_TABS, type EquipmentTab } from './equipment-rules';
import { GearTab } from './gear-tab';
import { ItemCardSkeletons } from './item-card';
import { useEquipmentTab } from './use-equipment-tab';
import { useOwnedEquipment } from './use-equipment';

/**
 * The Skills and Marketplace tabs load with their first hover, focus or selection, not with the
 * screen: the gear tab opens first, and the skills' upgrade tips bring Radix's tooltip and its
 * positioning code (about 15 KiB on the wire).
 */
const loadSkillsTab = () => import('./skills-tab');
const loadMarketTab = () => import('./market-tab');
const SkillsTab = lazy(async () => ({ default: (await loadSkillsTab()).SkillsTab }));
const MarketTab = lazy(async () => ({ default: (await loadMarketTab()).MarketTab }));
const WARM: Partial<Record<EquipmentTab, () => void>> = { skills: warmLoad(loadSkillsTab), marketplace: warmLoad(loadMarketTab) };

const tabLoading = <ItemCardSkeletons count={2} className="grid gap-3 sm:grid-cols-2" />;

const TAB_INFO: Record<EquipmentTab, { label: string; icon: LucideIcon }> = {
  equipment: { label: 'Equipment', icon: Shirt },
  skills: { label: 'Skills', icon: Sparkles },
  marketplace: { label: 'Marketplace', icon: Store },
  forge: { label: 'Forge', icon: Anvil },
};

function Header() {
  return (
    <PageHeader title="Equipment and Skills" subtitle="Gear up your fighter and learn new skills" icon={<Shield />} />
  );
}

function ForgeTab() {
  return (
    <Card accent="magenta" className="mx-auto max-w-2xl" data-testid="forge-teaser">
      <CardContent className="flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:text-left">
        <span aria-hidden className="grid size-20 shrink-0 place-items-center border-2 border-neon-magenta bg-neon-magenta/10">
          <Anvil className="size-10 text-neon-magenta" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <h3 className="font-pixel text-pixel-sm leading-relaxed text-ink">Forge set equipment</h3>
          <p className="text-lg leading-snug text-ink-muted">
            Turn battle materials into set pieces. Wear 2, 4 or 6 pieces of one set for growing bonuses. Forging is
            best from level 5.
          </p>
          <div>
            <Button asChild>
              <Link href="/forge" data-testid="open-forge">
                <Anvil aria-hidden />
                Open the Forge
              </Link>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** The four tabs; on phones the strip scrolls sideways and the icons hide. */
function EquipmentTabList() {
  return (
    <div className="scroll-px-2 overflow-x-auto">
      <TabsList aria-label="Equipment and Skills sections" className="w-max min-w-full">
        {EQUIPMENT_TABS.map((value) => {
          const { label, icon: Icon } = TAB_INFO[value];
          return (
            <TabsTrigger
              key={value}
              value={value}
              className="whitespace-nowrap max-sm:px-2 max-sm:text-pixel-2xs"
              data-testid={`equipment-tab-${value}`}
              onPointerEnter={WARM[value]}
              onFocus={WARM[value]}
            >
              <span className="inline-flex items-center justify-center gap-2">
                <Icon aria-hidden className="size-4 max-sm:hidden" />
                {label}
              </span>
            </TabsTrigger>
          );
        })}
      </TabsList>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div data-testid="equipment-page">
      <Header />
      {children}
    </div>
  );
}

/** Equipment and Skills (SPEC §2): the current fighter's gear, skills, the gear shop and the forge. */
export function EquipmentPage() {
  const chars = useCurrentCharacter();
  const { user } = useCurrentUser();
  // Gear purchases go to the current character.
  const character = chars.character ?? undefined;
  const owned = useOwnedEquipment(character?.id);
  const progression = useProgression(character?.id);
  const [tab, setTab] = useEquipmentTab();

  if (chars.unauthorized || (owned.isError && isUnauthorized(owned.error))) {
    return <AuthRequired message="You need to be logged in to manage your equipment" />;
  }
  if (chars.isPending) {
    return (
      <Shell>
        <EquipmentHeaderSkeleton />
        <div aria-hidden className="mb-5 h-12 border-b-4 border-edge bg-void/60" />
        <ItemCardSkeletons count={2} className="grid gap-3 sm:grid-cols-2" />
      </Shell>
    );
  }
  if (chars.failed) {
    return (
      <Shell>
        <CharactersLoadError message={errorMessage(chars.error)} onRetry={() => void chars.refetch()} />
      </Shell>
    );
  }
  if (chars.empty || !character) {
    return (
      <Shell>
        <NoCharacterCard message="You need a fighter before you can buy gear and learn skills." />
      </Shell>
    );
  }

  const level = progression.data?.level ?? character.level;
  const skillPoints = progression.data?.availableSkillPoints ?? character.skillPoints;
  const credits = user?.credits ?? null;

  return (
    <Shell>
      <EquipmentHeader character={character} progression={progression.data} credits={credits} />
      <Tabs value={tab} onValueChange={setTab}>
        <EquipmentTabList />
        <TabsContent value="equipment" data-testid="equipment-tab-panel">
          <GearTab
            character={character}
            owned={owned.data}
            loading={owned.isPending}
            error={owned.isError ? owned.error : null}
            onRetry={() => void owned.refetch()}
            onShop={() => setTab('marketplace')}
          />
        </TabsContent>
        <TabsContent value="skills" data-testid="skills-tab-panel">
          <Suspense fallback={tabLoading}>
            <SkillsTab character={character} skillPoints={skillPoints} level={level} />
          </Suspense>
        </TabsContent>
        <TabsContent value="marketplace" data-testid="marketplace-tab-panel">
          <Suspense fallback={tabLoading}>
            <MarketTab character={character} credits={credits} owned={owned.data} />
          </Suspense>
        </TabsContent>
        <TabsContent value="forge" data-testid="forge-tab-panel">
          <ForgeTab />
        </TabsContent>
      </Tabs>
    </Shell>
  );
}

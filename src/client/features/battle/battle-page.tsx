import { useState } from 'react';
import { Swords } from 'lucide-react';
import { PVE_COOLDOWN_MS } from '@common/constants';
import { characterGate } from '@client/entities/character/character-gate';
import { useReducedMotion } from '@client/lib/motion';
import { PageHeader } from '@client/ui';
import { BattleLog } from '@client/entities/battle/battle-log';
import { FighterPicker } from '@client/entities/battle/fighter-picker';
import { useCooldown } from '@client/entities/battle/use-cooldown';
import { BattleTips } from './battle-tips';
import { PveArena } from './pve-arena';
import { useBattle } from './use-battle';
import { useMyCharacters } from '@client/entities/character/use-my-characters';

function Header() {
  // A tighter header than other screens: Start Battle must be on the first screen.
  return <PageHeader title="Battle Arena" subtitle="Fight glitched enemies for experience and credits" icon={<Swords />} compact />;
}

/** PvE battles (SPEC §2, §4): pick a fighter, face a rolled enemy, watch the fight unroll. */
export function BattlePage() {
  const chars = useMyCharacters();
  const { characters } = chars;
  const [chosenId, setChosenId] = useState<number | null>(null);
  const reducedMotion = useReducedMotion();
  const battle = useBattle({ enabled: characters.length > 0 });

  // The chosen fighter, else the first one free to fight (characters come best first).
  const selected = characters.find((c) => c.id === chosenId && c.listing === null) ?? characters.find((c) => c.listing === null) ?? null;
  const cooldownMs = useCooldown(selected?.lastBattleAt, PVE_COOLDOWN_MS);

  const gate = characterGate(chars, {
    header: <Header />,
    authMessage: 'You need to be logged in to battle',
    emptyMessage: 'You need a fighter before you can enter the battle arena.',
  });
  if (gate) return gate;

  return (
    <>
      <Header />
      {/* Beside the stage, the picker keeps its own height and the log takes the rest (the second row is the flexible one). */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr_auto] lg:items-start">
        {/* The stage first: on a phone Start Battle is on the first screen, the picker under it. */}
        <PveArena battle={battle} selected={selected} cooldownMs={cooldownMs} reducedMotion={reducedMotion} />
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <FighterPicker characters={characters} selectedId={selected?.id ?? null} onSelect={setChosenId} disabled={battle.fighting || battle.settling} />
        </div>
        {/* On wide screens the log fills the height beside the stage and scrolls, never growing the page. */}
        <div className="min-w-0 lg:relative lg:col-start-2 lg:row-start-2 lg:min-h-80 lg:self-stretch">
          <BattleLog
            lines={battle.log}
            reducedMotion={reducedMotion}
            emptyText="Press Start Battle: the fight will be told here, blow by blow."
            className="lg:absolute lg:inset-0"
          />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <BattleTips />
        </div>
      </div>
    </>
  );
}

import { useSearchParams } from 'wouter';
import { DuelScreen } from './duel-screen';
import { SpectateScreen } from './spectate-screen';

/** /pvp: the real-time duel, or with `?watch={battleId}` a running battle watched read-only; `?arena=` joins an arena's range. */
export function RealPvpPage() {
  const [params] = useSearchParams();
  const watch = Number(params.get('watch'));
  if (Number.isInteger(watch) && watch > 0) return <SpectateScreen key={watch} battleId={watch} />;
  return <DuelScreen arenaId={params.get('arena')} />;
}

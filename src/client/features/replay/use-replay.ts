import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parsePathId } from '@common/path-ids';
import { errorStatus } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { battleKeys } from '@client/entities/battle/battle-queries';
import { battlePace } from '@client/entities/battle/battle-pace';
import { useBeatPlayer } from '@client/entities/battle/use-beat-player';

export const REPLAY_SPEEDS = [1, 2, 4] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** A replay id from the path, written as the API's path ids are, else null (shown as not found). */
export function replayIdOf(raw: string | undefined): number | null {
  return raw ? parsePathId(raw) : null;
}

/**
 * A stored battle played on the stage: it starts playing once loaded, at 1× (the PvE pace of a
 * beat a second), 2× or 4×, and may be paused, stepped and started over.
 */
export function useReplay(id: number | null) {
  const query = useQuery({
    queryKey: battleKeys.replay(id ?? 0),
    queryFn: ({ signal }) => api.replays.replay({ params: { id: id! } }, { signal }),
    enabled: id !== null,
  });
  const pace = useMemo(() => battlePace(), []);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const [paused, setPaused] = useState(false);
  const events = query.data?.events;
  const player = useBeatPlayer(events ?? [], { battleKey: id, stepMs: pace.stepMs / speed, playing: !!events && !paused, from: 'start' });
  const notFound = id === null || errorStatus(query.error) === 404;
  const playing = !!events && !paused && !player.atEnd;

  return {
    replay: query.data ?? null,
    loading: id !== null && query.isPending,
    notFound,
    failed: query.isError && !notFound ? query.error : null,
    retry: () => void query.refetch(),
    player,
    speed,
    setSpeed,
    playing,
    /** Play (from the start again once it is over) or pause. */
    toggle: () => {
      if (playing) return setPaused(true);
      if (player.atEnd) player.restart();
      setPaused(false);
    },
    step: (by: 1 | -1) => {
      setPaused(true);
      player.step(by);
    },
  };
}

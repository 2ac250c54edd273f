import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import type { webcastContracts } from '@kerygma/domain/contracts/webcasts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callOf } from '../session.ts';
import type { MarkerPlace } from './markers.ts';
import type { WallWebcast } from './rotation.ts';

/**
 * The video wall's data, by the contracts' routes: the webcasts in progress (§7 `GET node/webcasts`,
 * the list the live status is read from), a group's broadcasters, and where each live
 * broadcaster is for the map.
 */
type Webcasts = typeof webcastContracts;
type Broadcasters = typeof broadcasterContracts;

/** How often the in-progress list is asked for again. */
export const LIVE_POLL_MS = 15_000;
/**
 * The §7 cache hint for the in-progress list: kept no time at all (the server says a minute), so
 * each poll sees webcasts that started or stopped since; an unchanged list comes back as a 304.
 */
const NOT_KEPT = { cacheMax: 0 };
const GROUP_PAGE_SIZE = 100;
/** A group larger than this many pages is read only this far (a wall shows a few dozen at once). */
const GROUP_PAGES_MAX = 20;

const api = {
  inProgress: callOf<Webcasts['webcastsInProgress']>({ method: 'GET', path: '/node/webcasts' }, { fresh: true }),
  broadcasters: callOf<Broadcasters['broadcasterList']>({ method: 'GET', path: '/node/broadcasters' }),
  broadcaster: callOf<Broadcasters['broadcasterDetail']>({ method: 'GET', path: '/node/broadcasters/:broadcasterID' }),
};

/** The webcasts live now (one broadcaster's when given), asked for again every LIVE_POLL_MS. */
export function useLiveWebcasts(broadcasterID?: string) {
  return useQuery({
    queryKey: ['video-wall', 'in-progress', broadcasterID ?? null],
    queryFn: async ({ signal }): Promise<WallWebcast[]> =>
      (await api.inProgress({ signal, query: { ...NOT_KEPT, ...(broadcasterID ? { broadcasterID } : {}) } })).results,
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** A group's broadcasters' IDs (lower case), every page of them. */
export function useGroupBroadcasters(group: string | undefined) {
  return useQuery({
    queryKey: ['video-wall', 'group', group],
    enabled: group !== undefined,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => {
      const ids = new Set<string>();
      for (let page = 1; page <= GROUP_PAGES_MAX; page++) {
        const answer = await api.broadcasters({
          signal,
          query: { group, page, pageSize: GROUP_PAGE_SIZE, lite: true },
        });
        for (const b of answer.results) ids.add(b.broadcasterID.toLowerCase());
        if (!answer.next) break;
      }
      return ids as ReadonlySet<string>;
    },
  });
}

/** Where the given broadcasters are (those with a location); each read once an hour at most. */
export function useBroadcasterPlaces(broadcasterIDs: readonly string[]): MarkerPlace[] {
  const answers = useQueries({
    queries: broadcasterIDs.map((broadcasterID) => ({
      queryKey: ['video-wall', 'broadcaster', broadcasterID],
      staleTime: 60 * 60_000,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MarkerPlace | null> => {
        const b = await api.broadcaster({ signal, params: { broadcasterID } });
        const { latitude, longitude } = b as { latitude?: number | null; longitude?: number | null };
        if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
        return { broadcasterID: broadcasterID.toLowerCase(), name: b.displayName, latitude, longitude };
      },
    })),
  });
  const places = answers.map((a) => a.data ?? null);
  const key = JSON.stringify(places);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one list while the places are the same
  return useMemo(() => places.filter((p): p is MarkerPlace => p !== null), [key]);
}

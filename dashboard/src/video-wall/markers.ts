/**
 * The video wall map's markers (spec §9: persistentMarkersMax, temporaryMarkersMax,
 * markerResetFrequency). Persistent: the broadcasters live now. Temporary: those seen live
 * since the last clearing that are no longer, so the map shows where the day's webcasts came
 * from; the screen clears them every markerResetFrequency minutes. Pure, for the map to draw.
 */
export type MarkerPlace = { broadcasterID: string; name: string; latitude: number; longitude: number };

export type MapMarkers = { persistent: MarkerPlace[]; temporary: MarkerPlace[] };

export type MarkerLimits = { persistentMarkersMax: number; temporaryMarkersMax: number };

/**
 * `seen`: every place seen live since the last clearing, oldest first (the screen appends);
 * `live`: the places live now. The newest temporary markers are kept when over the limit.
 */
export function mapMarkers(
  live: readonly MarkerPlace[],
  seen: readonly MarkerPlace[],
  limits: MarkerLimits,
): MapMarkers {
  const liveIDs = new Set(live.map((p) => p.broadcasterID));
  const gone = new Map<string, MarkerPlace>();
  for (const place of seen) {
    if (liveIDs.has(place.broadcasterID)) continue;
    // Seen again later: it moves to the newest end.
    gone.delete(place.broadcasterID);
    gone.set(place.broadcasterID, place);
  }
  const temporary = [...gone.values()];
  return {
    persistent: live.slice(0, Math.max(0, limits.persistentMarkersMax)),
    temporary: limits.temporaryMarkersMax > 0 ? temporary.slice(-limits.temporaryMarkersMax) : [],
  };
}

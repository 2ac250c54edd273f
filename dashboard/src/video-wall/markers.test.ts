import { describe, expect, it } from 'vitest';
import { type MarkerPlace, mapMarkers } from './markers.ts';

const place = (broadcasterID: string): MarkerPlace => ({
  broadcasterID,
  name: broadcasterID,
  latitude: 1,
  longitude: 2,
});
const ids = (list: MarkerPlace[]) => list.map((p) => p.broadcasterID);
const limits = { persistentMarkersMax: 1000, temporaryMarkersMax: 600 };

describe('the video wall map’s markers', () => {
  it('persistent for the broadcasters live now; temporary for those seen live since that are not', () => {
    const seen = [place('a'), place('b'), place('c')];
    const markers = mapMarkers([place('b')], seen, limits);
    expect(ids(markers.persistent)).toEqual(['b']);
    expect(ids(markers.temporary)).toEqual(['a', 'c']);
  });

  it('keep to their limits, the newest temporary ones kept', () => {
    const seen = ['a', 'b', 'c', 'a'].map(place);
    const markers = mapMarkers([place('x'), place('y')], seen, { persistentMarkersMax: 1, temporaryMarkersMax: 2 });
    expect(ids(markers.persistent)).toEqual(['x']);
    // 'a' was seen again after 'c': it is the newest.
    expect(ids(markers.temporary)).toEqual(['c', 'a']);
    expect(mapMarkers([], seen, { ...limits, temporaryMarkersMax: 0 }).temporary).toEqual([]);
  });
});

import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapMarkers } from './markers.ts';

type Props = {
  /** The tile server's URL template and attribution (`GET global_config`, as the settings map). */
  tileURL: string;
  attribution: string;
  baseZoom: number;
  markers: MapMarkers;
  label: string;
};

/** Where the map looks when nothing is live: the Atlantic, between the Americas and Europe. */
const WORLD_CENTER: L.LatLngTuple = [30, -40];

/**
 * The map of live broadcasters: a filled dot for each live now, a faint one for each seen live
 * since the last clearing. Drawn as circles, so no marker images ship beside the bundle; the
 * map keeps baseZoom and centres on the live ones.
 */
export default function LiveMap({ tileURL, attribution, baseZoom, markers, label }: Props) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { worldCopyJump: true, zoomControl: false }).setView(WORLD_CENTER, baseZoom);
    L.tileLayer(tileURL, { attribution, maxZoom: 18 }).addTo(created);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tileURL, attribution, baseZoom]);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    group.clearLayers();
    for (const place of markers.temporary)
      L.circleMarker([place.latitude, place.longitude], { radius: 5, className: 'video-wall-marker-seen' })
        .bindTooltip(place.name)
        .addTo(group);
    for (const place of markers.persistent)
      L.circleMarker([place.latitude, place.longitude], { radius: 8, className: 'video-wall-marker-live' })
        .bindTooltip(place.name)
        .addTo(group);
    if (markers.persistent.length > 0) {
      const bounds = L.latLngBounds(markers.persistent.map((p) => [p.latitude, p.longitude] as L.LatLngTuple));
      current.setView(bounds.getCenter(), baseZoom);
    }
  }, [markers, baseZoom]);

  return (
    <section
      ref={element}
      className="video-wall-map"
      aria-label={label}
      data-testid="video-wall-map"
      data-live-markers={markers.persistent.length}
    />
  );
}

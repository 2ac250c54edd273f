import 'leaflet/dist/leaflet.css';
import './location-map.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { roundCoordinate, wrapLongitude } from './geocoding.ts';

export type Point = { latitude: number; longitude: number };

type Props = {
  /** The tile server's URL template, `{z}/{x}/{y}` (the server's configuration). */
  tileURL: string;
  attribution: string;
  label: string;
  point: Point | null;
  onPick: (point: Point) => void;
};

const PIN_ZOOM = 13;
const WORLD_ZOOM = 2;
const WORLD_CENTER: L.LatLngTuple = [20, 0];
/** Drawn in CSS, so the pin needs no image files beside the bundle. */
const pinIcon = L.divIcon({ className: 'account-map-pin', iconSize: [24, 24], iconAnchor: [12, 24] });

/**
 * A Leaflet map with one draggable pin: a click on the map or a dragged pin picks the point.
 * Leaflet owns the element; React only hands it the point and hears the picks.
 */
export default function LocationMap({ tileURL, attribution, label, point, onPick }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { worldCopyJump: true }).setView(WORLD_CENTER, WORLD_ZOOM);
    L.tileLayer(tileURL, { attribution, maxZoom: 18 }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current(pointOf(event.latlng)));
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      pin.current = null;
    };
  }, [tileURL, attribution]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!point) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    const at: L.LatLngTuple = [point.latitude, point.longitude];
    if (pin.current) pin.current.setLatLng(at);
    else {
      const marker = L.marker(at, { draggable: true, icon: pinIcon, keyboard: false }).addTo(current);
      marker.on('dragend', () => pick.current(pointOf(marker.getLatLng())));
      pin.current = marker;
    }
    if (!current.getBounds().contains(at) || current.getZoom() < PIN_ZOOM - 4) current.setView(at, PIN_ZOOM);
  }, [point]);

  return <div ref={element} className="account-map" role="application" aria-label={label} data-testid="location-map" />;
}

const pointOf = (at: L.LatLng): Point => ({
  latitude: roundCoordinate(at.lat),
  longitude: roundCoordinate(wrapLongitude(at.lng)),
});

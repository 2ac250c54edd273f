import { lazy, Suspense, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../forms/Field.tsx';
import { useI18n } from '../../i18n.tsx';
import { numberOrNull } from '../form/rules.ts';
import { type GeocodeAnswer, placeOf, reverseGeocodeURL } from './geocoding.ts';
import type { Point } from './LocationMap.tsx';
import type { SettingsValues } from './settings-form.ts';

/** The map services from the server's configuration (`GET global_config`). */
export type MapConfig = { tileURL: string; tileAttribution: string; reverseGeocodeURL: string };

// Leaflet and its stylesheet load only when the settings show a map.
const LocationMap = lazy(() => import('./LocationMap.tsx'));

type Props = { form: UseFormReturn<SettingsValues>; maps: MapConfig | null };

type Status = { kind: 'idle' } | { kind: 'finding' } | { kind: 'found'; place: string } | { kind: 'unknown' };

const asNumber = (value: string): number | null => {
  const n = numberOrNull(value);
  return n !== null && Number.isFinite(n) ? n : null;
};

/** Location: the place's names, and its coordinates set by the map pin (or typed). */
export function LocationFields({ form, maps }: Props) {
  const { t, lang } = useI18n();
  const { errors } = form.formState;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const asked = useRef(0);
  const lat = asNumber(form.watch('latitude'));
  const lon = asNumber(form.watch('longitude'));
  const point = lat !== null && lon !== null ? { latitude: lat, longitude: lon } : null;

  const set = (name: 'latitude' | 'longitude' | 'location' | 'country' | 'countryISOCode', value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: true });

  async function pick(at: Point) {
    set('latitude', String(at.latitude));
    set('longitude', String(at.longitude));
    if (!maps) return;
    const request = ++asked.current;
    setStatus({ kind: 'finding' });
    const place = await fetch(reverseGeocodeURL(maps.reverseGeocodeURL, at.latitude, at.longitude), {
      headers: { Accept: 'application/json', 'Accept-Language': lang },
    })
      .then((r) => (r.ok ? (r.json() as Promise<GeocodeAnswer>) : null))
      .then((answer) => (answer ? placeOf(answer) : null))
      .catch(() => null);
    // A later pick has asked since: its answer is the one that counts.
    if (request !== asked.current) return;
    if (!place) return setStatus({ kind: 'unknown' });
    set('location', place.label);
    if (place.country) set('country', place.country);
    if (place.countryISOCode) set('countryISOCode', place.countryISOCode);
    setStatus({ kind: 'found', place: place.label });
  }

  function clear() {
    asked.current++;
    set('latitude', '');
    set('longitude', '');
    setStatus({ kind: 'idle' });
  }

  return (
    <fieldset>
      <legend>{t('dashboardAccount.settings.location')}</legend>
      {maps && (
        <>
          <p className="hint">{t('dashboardAccount.settings.mapHint')}</p>
          <Suspense fallback={<div className="account-map" aria-busy="true" />}>
            <LocationMap
              tileURL={maps.tileURL}
              attribution={maps.tileAttribution}
              label={t('dashboardAccount.settings.mapLabel')}
              point={point}
              onPick={(at) => void pick(at)}
            />
          </Suspense>
          <p role="status" className="hint">
            {status.kind === 'finding' && t('dashboardAccount.settings.findingPlace')}
            {status.kind === 'found' && t('dashboardAccount.settings.placeFound', { place: status.place })}
            {status.kind === 'unknown' && t('dashboardAccount.settings.placeUnknown')}
          </p>
        </>
      )}
      <Field label={t('dashboardAccount.settings.locationLabel')} error={errors.location}>
        <input {...form.register('location')} />
      </Field>
      <Field label={t('dashboardAccount.settings.state')} error={errors.state}>
        <input autoComplete="address-level1" {...form.register('state')} />
      </Field>
      <Field label={t('dashboardAccount.settings.country')} error={errors.country}>
        <input autoComplete="country-name" {...form.register('country')} />
      </Field>
      <Field label={t('dashboardAccount.settings.countryISOCode')} error={errors.countryISOCode}>
        <input autoComplete="country" {...form.register('countryISOCode')} />
      </Field>
      <div className="field-row">
        <Field label={t('dashboardAccount.settings.latitude')} error={errors.latitude}>
          <input type="number" step="any" {...form.register('latitude')} />
        </Field>
        <Field label={t('dashboardAccount.settings.longitude')} error={errors.longitude}>
          <input type="number" step="any" {...form.register('longitude')} />
        </Field>
      </div>
      {point && (
        <button type="button" className="link-button" onClick={clear}>
          {t('dashboardAccount.settings.clearPin')}
        </button>
      )}
    </fieldset>
  );
}

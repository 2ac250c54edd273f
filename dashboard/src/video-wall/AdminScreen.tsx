import type { MessageKey } from '@kerygma/i18n/t';
import { useState } from 'react';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { useToast } from '../shell/toasts.tsx';
import {
  readVideoWallSettings,
  SETTING_RANGES,
  saveVideoWallSettings,
  VIDEO_WALL_DEFAULTS,
  type VideoWallSettings,
  videoWallSettingsSchema,
} from './settings.ts';

const NAMES = Object.keys(SETTING_RANGES) as (keyof VideoWallSettings)[];

/** /video-wall/admin: this wall's settings (§9), kept in this browser. */
export function AdminScreen() {
  const { t } = useI18n();
  const toast = useToast();
  const [stored] = useState(readVideoWallSettings);
  const form = useDashboardForm({ schema: videoWallSettingsSchema, values: stored });
  const { isDirty, errors } = form.formState;
  useLeaveWarning(isDirty);

  const submit = form.handleSubmit((values) => {
    if (saveVideoWallSettings(values)) {
      form.saved(values);
      toast('success', t('videoWall.admin.saved'));
    } else toast('error', t('videoWall.admin.notSaved'));
  });
  const restoreDefaults = () => {
    for (const name of NAMES) form.setValue(name, VIDEO_WALL_DEFAULTS[name], { shouldDirty: true });
  };

  return (
    <main id="main" className="card video-wall-admin">
      <h1>{t('videoWall.admin.title')}</h1>
      <p>{t('videoWall.admin.intro')}</p>
      <form onSubmit={submit} noValidate className="account-form">
        {NAMES.map((name) => (
          <Field
            key={name}
            label={t(`videoWall.admin.fields.${name}` as MessageKey)}
            hint={t('videoWall.admin.range', SETTING_RANGES[name])}
            error={errors[name]}
          >
            <input
              type="number"
              inputMode="numeric"
              step={1}
              min={SETTING_RANGES[name].min}
              max={SETTING_RANGES[name].max}
              {...form.register(name, { valueAsNumber: true })}
            />
          </Field>
        ))}
        <div className="actions">
          <button type="submit" className="button">
            {t('dashboardAccount.common.save')}
          </button>
          <button type="button" className="link-button" onClick={restoreDefaults}>
            {t('videoWall.admin.restoreDefaults')}
          </button>
        </div>
      </form>
    </main>
  );
}

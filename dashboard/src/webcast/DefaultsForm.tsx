import { WEBCAST_REPLAY, type WebcastMetadata } from '@kerygma/domain/contracts/webcasts';
import { z } from 'zod';
import { optionalText } from '../account/form/rules.ts';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';

const PASSWORD_NEEDED = JSON.stringify({ key: 'webcastScreen.defaults.passwordNeeded' });

/**
 * The defaults of a new webcast (spec §3 Webcast defaults). The server answers only whether a
 * password is set, never the password: with protection kept and the field left empty, the
 * saved password stays; a new protection needs one.
 */
export const defaultsFormSchema = z
  .object({
    title: optionalText(200),
    description: optionalText(5000),
    speakerName: optionalText(200),
    protect: z.boolean(),
    hadPassword: z.boolean(),
    password: optionalText(200),
    replay: z.enum(WEBCAST_REPLAY),
  })
  .refine((v) => !v.protect || v.hadPassword || v.password !== '', { message: PASSWORD_NEEDED, path: ['password'] });
export type DefaultsValues = z.infer<typeof defaultsFormSchema>;

export const defaultsValues = (m: WebcastMetadata): DefaultsValues => ({
  title: m.defaultWebcastTitle,
  description: m.defaultWebcastDescription,
  speakerName: m.defaultWebcastSpeakerName,
  protect: m.defaultWebcastPassword,
  hadPassword: m.defaultWebcastPassword,
  password: '',
  replay: m.defaultWebcastReplay,
});

/** The PUT webcast_metadata body for the form's values (password left out: the saved one is kept). */
export function defaultsBody(v: DefaultsValues) {
  const password = !v.protect ? null : v.password === '' ? undefined : v.password;
  return {
    defaultWebcastTitle: v.title,
    defaultWebcastDescription: v.description,
    defaultWebcastSpeakerName: v.speakerName,
    ...(password === undefined ? {} : { defaultWebcastPassword: password }),
    defaultWebcastReplay: v.replay,
  };
}

type Props = { initial: DefaultsValues; onSave: (values: DefaultsValues) => Promise<boolean> };

export function DefaultsForm({ initial, onSave }: Props) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: defaultsFormSchema, values: initial });
  const { isSubmitting, isDirty, errors } = form.formState;
  useLeaveWarning(isDirty);
  const protect = form.watch('protect');
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) form.saved({ ...values, hadPassword: values.protect, password: '' });
  });

  return (
    <section className="card" aria-labelledby="webcast-defaults">
      <h2 id="webcast-defaults">{t('webcastScreen.defaults.title')}</h2>
      <p>{t('webcastScreen.defaults.intro')}</p>
      <form onSubmit={submit} noValidate className="account-form">
        <Field label={t('webcastScreen.defaults.webcastTitle')} error={errors.title}>
          <input type="text" {...form.register('title')} />
        </Field>
        <Field label={t('webcastScreen.defaults.description')} error={errors.description}>
          <textarea rows={4} {...form.register('description')} />
        </Field>
        <Field label={t('webcastScreen.defaults.speakerName')} error={errors.speakerName}>
          <input type="text" {...form.register('speakerName')} />
        </Field>
        <label className="check">
          <input type="checkbox" {...form.register('protect')} /> {t('webcastScreen.defaults.protect')}
        </label>
        {protect && (
          <Field
            label={t('webcastScreen.defaults.password')}
            hint={initial.hadPassword ? t('webcastScreen.defaults.passwordKept') : undefined}
            error={errors.password}
          >
            <input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
        )}
        <Field label={t('webcastScreen.defaults.replay')} error={errors.replay}>
          <select {...form.register('replay')}>
            {WEBCAST_REPLAY.map((r) => (
              <option key={r} value={r}>
                {t(`webcastScreen.replay.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t('dashboardAccount.common.saving') : t('dashboardAccount.common.save')}
        </button>
      </form>
    </section>
  );
}

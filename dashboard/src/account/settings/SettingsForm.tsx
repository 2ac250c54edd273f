import { useId } from 'react';
import { Field, FormProblem } from '../../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { LocationFields, type MapConfig } from './LocationFields.tsx';
import { CATEGORIES, type SettingsValues, settingsFormSchema } from './settings-form.ts';

type Props = {
  initial: SettingsValues;
  /** The map's tile and reverse-geocoding services; without them the coordinates are typed. */
  maps: MapConfig | null;
  soloSite: SoloSiteState;
  onSave: (values: SettingsValues) => Promise<boolean>;
};

/** How a text field of the settings is shown. */
type FieldLook = {
  hint?: string;
  type?: 'email' | 'url' | 'tel' | 'number';
  multiline?: boolean;
  autoComplete?: string;
};

type TextField = Exclude<keyof SettingsValues, 'vacantPulpit' | 'categories' | 'soloSiteEnabled' | 'autoTranscripts'>;

/** The solo site as the server has it: its domain's state (pending until its address points here). */
export type SoloSiteState = { domain: string; status: string } | null;

/** The broadcaster's settings: profile, contact, location, service times, categories, social links, solo site. */
export function SettingsForm({ initial, maps, soloSite, onSave }: Props) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: settingsFormSchema, values: initial });
  const { isSubmitting, isDirty, errors } = form.formState;
  useLeaveWarning(isDirty);
  const transcriptsHint = useId();
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) form.saved(values);
  });
  const field = (name: TextField, look: FieldLook = {}) => (
    <Field label={t(`dashboardAccount.settings.${name}`)} hint={look.hint} error={errors[name]}>
      {look.multiline ? (
        <textarea rows={4} autoComplete={look.autoComplete} {...form.register(name)} />
      ) : (
        <input type={look.type ?? 'text'} autoComplete={look.autoComplete} {...form.register(name)} />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="account-form">
      <fieldset>
        <legend>{t('dashboardAccount.settings.profile')}</legend>
        {field('displayName', { autoComplete: 'organization' })}
        {field('shortName')}
        {field('minister')}
        {field('denomination')}
        {field('churchSize', { type: 'number' })}
        {field('bibleVersion')}
        {field('languageCode')}
        {field('aboutUs', { multiline: true })}
        {field('welcomeVideoID')}
        <label className="check">
          <input type="checkbox" {...form.register('vacantPulpit')} /> {t('dashboardAccount.settings.vacantPulpit')}
        </label>
      </fieldset>

      <fieldset>
        <legend>{t('dashboardAccount.settings.contact')}</legend>
        {field('contactEmail', {
          type: 'email',
          autoComplete: 'email',
          hint: t('dashboardAccount.settings.contactEmailHint'),
        })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('listenLineNumber', { type: 'tel' })}
        {field('homePageURL', { type: 'url', autoComplete: 'url' })}
        {field('address', { multiline: true, autoComplete: 'street-address' })}
        {field('addressMail', { multiline: true })}
      </fieldset>

      <LocationFields form={form} maps={maps} />

      <fieldset>
        <legend>{t('dashboardAccount.settings.serviceTimes')}</legend>
        {field('serviceTimes', { multiline: true, hint: t('dashboardAccount.settings.serviceTimesHint') })}
      </fieldset>

      <fieldset aria-describedby={errors.categories ? 'categories-error' : undefined}>
        <legend>{t('dashboardAccount.settings.categories')}</legend>
        {CATEGORIES.map((c) => (
          <label key={c.bit} className="check">
            <input type="checkbox" value={String(c.bit)} {...form.register('categories')} /> {t(c.label)}
          </label>
        ))}
        <div id="categories-error">
          <FormProblem message={errors.categories?.message} />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('dashboardAccount.settings.social')}</legend>
        {field('facebookUsername')}
        {field('twitterUsername')}
        {field('socialFacebook', { type: 'url' })}
        {field('socialTwitter', { type: 'url' })}
        {field('socialGoogle', { type: 'url' })}
      </fieldset>

      <fieldset>
        <legend>{t('dashboardAccount.settings.soloSite')}</legend>
        <label className="check">
          <input type="checkbox" {...form.register('soloSiteEnabled')} />{' '}
          {t('dashboardAccount.settings.soloSiteEnabled')}
        </label>
        {field('soloSiteDomain', { hint: t('dashboardAccount.settings.soloSiteDomainHint') })}
        {soloSite && <p>{t('dashboardAccount.settings.soloSiteStatus', { status: soloSite.status })}</p>}
      </fieldset>

      <fieldset>
        <legend>{t('dashboardAccount.settings.transcripts')}</legend>
        <label className="check">
          <input
            type="checkbox"
            role="switch"
            aria-checked={form.watch('autoTranscripts')}
            aria-describedby={transcriptsHint}
            {...form.register('autoTranscripts')}
          />{' '}
          {t('dashboardAccount.settings.autoTranscripts')}
        </label>
        <p className="hint" id={transcriptsHint}>
          {t('dashboardAccount.settings.autoTranscriptsHint')}
        </p>
      </fieldset>

      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? t('dashboardAccount.common.saving') : t('dashboardAccount.common.save')}
      </button>
    </form>
  );
}

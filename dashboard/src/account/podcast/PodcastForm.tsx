import { useFieldArray } from 'react-hook-form';
import { Field } from '../../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { type PodcastValues, podcastFormSchema } from './podcast-form.ts';

type Props = { initial: PodcastValues; onSave: (values: PodcastValues) => Promise<boolean> };

/** What the broadcaster's feeds carry besides its sermons: podroll, verification tokens, the lock. */
export function PodcastForm({ initial, onSave }: Props) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: podcastFormSchema, values: initial });
  useLeaveWarning(form.formState.isDirty);
  const podroll = useFieldArray({ control: form.control, name: 'podroll' });
  const txt = useFieldArray({ control: form.control, name: 'txt' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) form.saved(values);
  });
  return (
    <form onSubmit={submit} noValidate className="account-form">
      <fieldset>
        <legend>{t('podcast.settings.podroll')}</legend>
        <p className="hint">{t('podcast.settings.podrollHelp')}</p>
        {podroll.fields.map((item, index) => (
          <div key={item.id} className="field-row">
            <Field label={t('podcast.settings.podrollTitle')} error={errors.podroll?.[index]?.title}>
              <input {...form.register(`podroll.${index}.title`)} />
            </Field>
            <Field label={t('podcast.settings.podrollURL')} error={errors.podroll?.[index]?.url}>
              <input type="url" {...form.register(`podroll.${index}.url`)} />
            </Field>
            <button type="button" className="link-button" onClick={() => podroll.remove(index)}>
              {t('podcast.settings.remove')}
            </button>
          </div>
        ))}
        <button type="button" className="link-button" onClick={() => podroll.append({ title: '', url: 'https://' })}>
          {t('podcast.settings.addPodroll')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('podcast.settings.txt')}</legend>
        <p className="hint">{t('podcast.settings.txtHelp')}</p>
        {txt.fields.map((item, index) => (
          <div key={item.id} className="field-row">
            <Field label={t('podcast.settings.txtPurpose')} error={errors.txt?.[index]?.purpose}>
              <input {...form.register(`txt.${index}.purpose`)} />
            </Field>
            <Field label={t('podcast.settings.txtValue')} error={errors.txt?.[index]?.value}>
              <input {...form.register(`txt.${index}.value`)} />
            </Field>
            <button type="button" className="link-button" onClick={() => txt.remove(index)}>
              {t('podcast.settings.remove')}
            </button>
          </div>
        ))}
        <button type="button" className="link-button" onClick={() => txt.append({ purpose: '', value: '' })}>
          {t('podcast.settings.addTxt')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('podcast.settings.import')}</legend>
        <label className="check">
          <input type="checkbox" aria-describedby="podcast-importable-help" {...form.register('importable')} />{' '}
          {t('podcast.settings.importable')}
        </label>
        <p id="podcast-importable-help" className="hint">
          {t('podcast.settings.importableHelp')}
        </p>
      </fieldset>
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('dashboardAccount.common.saving') : t('dashboardAccount.common.save')}
      </button>
    </form>
  );
}

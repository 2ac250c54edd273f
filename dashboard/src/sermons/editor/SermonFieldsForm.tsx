import type {
  EditableSermon,
  editorDropdownContentsSchema,
  sermonConfigSchema,
} from '@kerygma/domain/contracts/sermon-editing';
import { keywordHashtags } from '@kerygma/domain/sermon-editing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { Field } from '../../forms/Field.tsx';
import { useDashboardForm } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { errorText } from '../../shell/query.ts';
import { useToast } from '../../shell/toasts.tsx';
import { eventTypeName } from '../labels.ts';
import { api } from '../sermon-api.ts';
import { BiblePicker } from './BiblePicker.tsx';
import { CreatablePicker } from './CreatablePicker.tsx';
import { changedFields, formValues, type SermonForm, sermonFormSchema } from './sermon-form.ts';

export type SermonConfig = z.infer<typeof sermonConfigSchema>;
export type EditorPickers = z.infer<typeof editorDropdownContentsSchema>;

/** Where a sermon's unsaved fields are kept in the browser. */
export const draftKey = (sermonID: string) => `kerygma-dashboard-sermon-${sermonID}`;

/** Every editable field of a sermon (spec §3), saved with one PATCH of what changed. */
export function SermonFieldsForm({
  sermon,
  config,
  pickers,
  onSaved,
  onDirty,
}: {
  sermon: EditableSermon;
  config: SermonConfig;
  pickers: EditorPickers;
  onSaved: (sermon: EditableSermon) => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The snapshot is the sermon as last loaded or saved (§4 form dirty tracking).
  const values = useMemo(() => formValues(sermon), [sermon]);
  const form = useDashboardForm<SermonForm>({ schema: sermonFormSchema, values, draftKey: draftKey(sermon.sermonID) });
  const { register, handleSubmit, formState, setValue, getValues, watch } = form;
  const dirty = formState.isDirty;
  // The editor asks before leaving while this or the transcript has unsaved changes.
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const save = handleSubmit(async (next) => {
    try {
      const answer = await api.updateSermon({
        params: { sermonID: sermon.sermonID },
        body: changedFields(values, next),
      });
      form.saved(formValues(answer));
      onSaved(answer);
      toast('success', t('dashboard.editor.saved'));
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  });

  const refreshPickers = () => queryClient.invalidateQueries({ queryKey: ['editor-pickers', sermon.sermonID] });
  const choose = (name: 'speakerID' | 'seriesID') => (value: string) => {
    setValue(name, value, { shouldDirty: true, shouldValidate: true });
    void refreshPickers();
  };
  const hashtags = keywordHashtags(watch('keywords') ?? '');
  const mediaUploaded = sermon.hasAudio || sermon.hasVideo;

  return (
    <form className="editor-form" onSubmit={save} noValidate>
      {form.restoredDraft && dirty && (
        <p className="notice" role="status">
          {t('dashboard.editor.draftRestored')}{' '}
          <button type="button" className="link-button" onClick={form.discard}>
            {t('dashboard.editor.discardDraft')}
          </button>
        </p>
      )}
      <Field label={t('dashboard.editor.fullTitle')} error={formState.errors.fullTitle}>
        <input {...register('fullTitle')} />
      </Field>
      <Field
        label={t('dashboard.editor.displayTitle')}
        hint={t('dashboard.editor.displayTitleHint')}
        error={formState.errors.displayTitle}
      >
        <input {...register('displayTitle')} />
      </Field>
      <Field label={t('dashboard.editor.subtitle')} error={formState.errors.subtitle}>
        <input {...register('subtitle')} />
      </Field>
      <Field label={t('dashboard.editor.speaker')} error={formState.errors.speakerID}>
        <CreatablePicker
          registration={register('speakerID')}
          options={pickers.speakers.map((s) => ({ value: String(s.speakerID), label: s.displayName }))}
          onCreated={choose('speakerID')}
          create={async (name) =>
            String(
              (await api.createSpeaker({ body: { broadcasterID: sermon.broadcasterID, speakerName: name } })).speakerID,
            )
          }
          newLabel={t('dashboard.editor.newSpeaker')}
          nameLabel={t('dashboard.editor.newSpeakerName')}
        />
      </Field>
      <Field label={t('dashboard.editor.series')} error={formState.errors.seriesID}>
        <CreatablePicker
          registration={register('seriesID')}
          options={pickers.series.map((s) => ({ value: String(s.seriesID), label: s.title }))}
          onCreated={choose('seriesID')}
          create={async (name) =>
            String(
              (
                await api.createSeries({
                  params: { broadcasterID: sermon.broadcasterID },
                  body: { series_name: name },
                })
              ).seriesID,
            )
          }
          newLabel={t('dashboard.editor.newSeries')}
          nameLabel={t('dashboard.editor.newSeriesName')}
          noneLabel={t('dashboard.editor.noSeries')}
        />
      </Field>
      <Field
        label={t('dashboard.editor.bibleText')}
        hint={t('dashboard.editor.bibleTextHint')}
        error={formState.errors.bibleText}
      >
        <input {...register('bibleText')} />
      </Field>
      <BiblePicker
        onPick={(reference) => {
          const current = getValues('bibleText').trim();
          setValue('bibleText', current ? `${current}; ${reference}` : reference, {
            shouldDirty: true,
            shouldValidate: true,
          });
        }}
      />
      <Field label={t('dashboard.editor.eventType')} error={formState.errors.eventType}>
        <select {...register('eventType')}>
          {config.eventTypes.map((e) => (
            <option key={e.description} value={e.description}>
              {eventTypeName(t, e.description)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t('dashboard.editor.language')}
        hint={mediaUploaded ? t('dashboard.editor.languageLocked') : undefined}
        error={formState.errors.languageCode}
      >
        <select {...register('languageCode')} disabled={mediaUploaded}>
          {config.languages.map((l) => (
            <option key={l.languageCode} value={l.languageCode}>
              {l.localizedName}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('dashboard.editor.preachDate')} error={formState.errors.preachDate}>
        <input type="date" {...register('preachDate')} />
      </Field>
      <Field
        label={t('dashboard.editor.keywords')}
        hint={t('dashboard.editor.keywordsHint')}
        error={formState.errors.keywords}
      >
        <input {...register('keywords')} />
      </Field>
      {hashtags.length > 0 && (
        <ul className="hashtags" aria-label={t('dashboard.editor.hashtags')}>
          {hashtags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </ul>
      )}
      <Field label={t('dashboard.editor.moreInfo')} error={formState.errors.moreInfoText}>
        <textarea rows={5} {...register('moreInfoText')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...register('acceptCopyright')} />
        <span>{t('dashboard.editor.acceptCopyright')}</span>
      </label>
      <div className="form-actions">
        <button type="submit" className="button" disabled={!dirty || formState.isSubmitting}>
          {t('dashboard.editor.save')}
        </button>
        {dirty && <span className="unsaved">{t('dashboard.editor.unsaved')}</span>}
      </div>
    </form>
  );
}

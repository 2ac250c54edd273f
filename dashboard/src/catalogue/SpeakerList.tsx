import type { editorSpeakerSchema } from '@kerygma/domain/contracts/sermon-editing';
import { PAGE_SIZES } from '@kerygma/domain/page-sizes';
import { SERMON_LIMITS } from '@kerygma/domain/sermon-editing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { api } from '../sermons/sermon-api.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { Pager } from '../shell/Pager.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';

type Speaker = z.infer<typeof editorSpeakerSchema>;

const name = z
  .string()
  .trim()
  .min(1, { message: 'dashboard.catalogue.errors.nameRequired' })
  .max(SERMON_LIMITS.speakerName, { message: 'dashboard.editor.errors.tooLong' });
export const speakerFormSchema = z.object({
  displayName: name,
  sortName: z.string().trim().max(SERMON_LIMITS.speakerName, { message: 'dashboard.editor.errors.tooLong' }),
  bio: z.string().max(SERMON_LIMITS.speakerBio, { message: 'dashboard.editor.errors.tooLong' }),
});
type SpeakerForm = z.infer<typeof speakerFormSchema>;

/** The broadcaster's speakers, by sort name (a page as long as the series list's): new, edit, delete. */
export function SpeakerList() {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { broadcasterID } = useBroadcaster();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const key = ['editable-speakers', broadcasterID];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.editableSpeakers({ params: { broadcasterID }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const all = query.data?.results ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZES.series));
  const shown = all.slice((page - 1) * PAGE_SIZES.series, page * PAGE_SIZES.series);
  const done = () => {
    setEditing(null);
    void refresh();
  };
  const remove = async (speaker: Speaker) => {
    if (!window.confirm(t('dashboard.catalogue.deleteSpeakerConfirm', { name: speaker.displayName }))) return;
    try {
      await api.deleteSpeaker({ params: { speaker: speaker.speakerID } });
      toast('success', t('dashboard.catalogue.deleted'));
      await refresh();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  };
  return (
    <section aria-labelledby="speakers-title">
      <div className="screen-head">
        <h1 id="speakers-title">{t('dashboard.nav.speakers')}</h1>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('dashboard.catalogue.newSpeaker')}
        </button>
      </div>
      {editing === 'new' && <SpeakerEditor onDone={done} />}
      {query.isError && <p role="alert">{errorText(query.error, t('dashboard.shell.loadFailed'))}</p>}
      {query.data && all.length === 0 && <p>{t('dashboard.catalogue.noSpeakers')}</p>}
      <ul className="rows">
        {shown.map((speaker) => (
          <li key={speaker.speakerID} className="row">
            {editing === speaker.speakerID ? (
              <SpeakerEditor speaker={speaker} onDone={done} />
            ) : (
              <>
                <span className="row-title">{speaker.displayName}</span>
                <span>{t('dashboard.sermons.count', { count: speaker.sermonCount })}</span>
                {speaker.editable && (
                  <button type="button" className="link-button" onClick={() => setEditing(speaker.speakerID)}>
                    {t('dashboard.catalogue.edit')}
                  </button>
                )}
                {speaker.editable && speaker.sermonCount === 0 && (
                  <button type="button" className="link-button danger" onClick={() => void remove(speaker)}>
                    {t('dashboard.editor.delete')}
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function SpeakerEditor({ speaker, onDone }: { speaker?: Speaker; onDone: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const values = useMemo<SpeakerForm>(
    () => ({ displayName: speaker?.displayName ?? '', sortName: speaker?.sortName ?? '', bio: speaker?.bio ?? '' }),
    [speaker],
  );
  const form = useDashboardForm<SpeakerForm>({ schema: speakerFormSchema, values });
  const { register, formState, handleSubmit } = form;
  useLeaveWarning(formState.isDirty);
  const save = handleSubmit(async (next) => {
    try {
      const sortName = next.sortName || undefined;
      if (speaker)
        await api.updateSpeaker({
          params: { speaker: speaker.speakerID },
          body: { displayName: next.displayName, sortName: sortName ?? next.displayName, bio: next.bio },
        });
      else
        await api.createSpeaker({
          body: { broadcasterID, speakerName: next.displayName, sortName, bio: next.bio },
        });
      form.saved(next);
      toast('success', t('dashboard.catalogue.saved'));
      onDone();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  });
  return (
    <form className="inline-form" onSubmit={save} noValidate>
      <Field label={t('dashboard.catalogue.speakerName')} error={formState.errors.displayName}>
        <input {...register('displayName')} />
      </Field>
      <Field
        label={t('dashboard.catalogue.sortName')}
        hint={t('dashboard.catalogue.sortNameHint')}
        error={formState.errors.sortName}
      >
        <input {...register('sortName')} />
      </Field>
      <Field label={t('dashboard.catalogue.bio')} error={formState.errors.bio}>
        <textarea rows={3} {...register('bio')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {t('dashboard.editor.save')}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            form.discard();
            onDone();
          }}
        >
          {t('dashboard.editor.cancel')}
        </button>
      </div>
    </form>
  );
}

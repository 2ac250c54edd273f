import { BROADCASTER_ACCOUNT_RULES as R } from '@kerygma/domain/broadcaster-account-values';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { easternToIso, formatScheduled } from '../dates.ts';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { Pager } from '../shell/Pager.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { catalogueApi } from './catalogue-api.ts';

export const noticeFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'dashboard.catalogue.errors.titleRequired' })
    .max(R.noticeTitleMaxLength, { message: 'dashboard.editor.errors.tooLong' }),
  text: z
    .string()
    .trim()
    .min(1, { message: 'dashboard.catalogue.errors.textRequired' })
    .max(R.noticeTextMaxLength, { message: 'dashboard.editor.errors.tooLong' }),
  /** A US Eastern wall-clock time ('' for none), in the future. */
  expires: z.string().refine((v) => v === '' || Date.parse(easternToIso(v)) > Date.now(), {
    message: 'dashboard.catalogue.errors.expiresPast',
  }),
});
type NoticeForm = z.infer<typeof noticeFormSchema>;
const EMPTY: NoticeForm = { title: '', text: '', expires: '' };

/** The broadcaster page's notices (spec §9: 10 a page): post one, delete one. */
export function Notices() {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { broadcasterID } = useBroadcaster();
  const [page, setPage] = useState(1);
  const key = ['notices', broadcasterID];
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) =>
      catalogueApi.notices({ params: { broadcasterID }, query: { page, pageSize: R.noticePageSize }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const form = useDashboardForm<NoticeForm>({ schema: noticeFormSchema, values: EMPTY });
  const { register, formState, handleSubmit } = form;
  useLeaveWarning(formState.isDirty);
  const post = handleSubmit(async (next) => {
    try {
      await catalogueApi.postNotice({
        params: { broadcasterID },
        body: {
          title: next.title,
          text: next.text,
          expires: next.expires ? Math.floor(Date.parse(easternToIso(next.expires)) / 1000) : null,
        },
      });
      form.saved(EMPTY);
      toast('success', t('dashboard.catalogue.noticePosted'));
      await refresh();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  });
  const remove = async (noticeID: number) => {
    if (!window.confirm(t('dashboard.catalogue.deleteNoticeConfirm'))) return;
    try {
      await catalogueApi.deleteNotice({ params: { broadcasterID, noticeID } });
      toast('success', t('dashboard.catalogue.deleted'));
      await refresh();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  };
  const total = query.data?.totalCount ?? 0;
  return (
    <section aria-labelledby="notices-title">
      <h1 id="notices-title">{t('dashboard.nav.notices')}</h1>
      <form className="inline-form" onSubmit={post} noValidate>
        <h2>{t('dashboard.catalogue.newNotice')}</h2>
        <Field label={t('dashboard.catalogue.noticeTitle')} error={formState.errors.title}>
          <input {...register('title')} />
        </Field>
        <Field label={t('dashboard.catalogue.noticeText')} error={formState.errors.text}>
          <textarea rows={4} {...register('text')} />
        </Field>
        <Field
          label={t('dashboard.catalogue.noticeExpires')}
          hint={t('dashboard.catalogue.noticeExpiresHint')}
          error={formState.errors.expires}
        >
          <input type="datetime-local" step={300} {...register('expires')} />
        </Field>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {t('dashboard.catalogue.post')}
        </button>
      </form>
      {query.isError && <p role="alert">{errorText(query.error, t('dashboard.shell.loadFailed'))}</p>}
      {query.data && total === 0 && <p>{t('dashboard.catalogue.noNotices')}</p>}
      <ul className="rows">
        {query.data?.results.map((notice) => (
          <li key={notice.noticeID} className="row notice-row">
            <strong className="row-title">{notice.title}</strong>
            <p>{notice.text}</p>
            {notice.expires && (
              <span>
                {t('dashboard.catalogue.until', {
                  time: formatScheduled(new Date(notice.expires * 1000).toISOString()).eastern,
                })}
              </span>
            )}
            <button type="button" className="link-button danger" onClick={() => void remove(notice.noticeID)}>
              {t('dashboard.editor.delete')}
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.max(1, Math.ceil(total / R.noticePageSize))} onPage={setPage} />
    </section>
  );
}

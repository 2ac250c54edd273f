import { ApiRequestError } from '@kerygma/api/request';
import { FEED_IMPORT_LIMITS, type FeedImport } from '@kerygma/domain/contracts/feed-import';
import { useState } from 'react';
import { z } from 'zod';
import { problem } from '../account/form/rules.ts';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { feedImportApi } from './feed-import-api.ts';

const sourceSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000, problem('dashboardAccount.validation.tooLong', { max: 2000 })),
});
type Source = z.infer<typeof sourceSchema>;
const EMPTY: Source = { url: '' };
const MEGABYTE = 1024 * 1024;

/**
 * The server's reason for refusing a feed (422: not a feed, unreachable, too big…), in the
 * reader's language, as a field error; null for any other failure.
 */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || (error.status !== 422 && error.status !== 413)) return null;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  const reasons = Object.values(errors).filter((v): v is string => typeof v === 'string');
  return problem('feedImportScreen.source.rejected', { reason: reasons.join(' ') || error.message });
}

/** The feed to read: its address, or its XML file when it is not online. */
export function SourceForm({ onRead }: { onRead: (read: FeedImport) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const form = useDashboardForm<Source>({ schema: sourceSchema, values: EMPTY });
  const { register, formState, handleSubmit, setError } = form;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const read = handleSubmit(async ({ url }) => {
    setFileError(undefined);
    if (!file && !url) {
      setError('url', { message: problem('feedImportScreen.source.required') });
      return;
    }
    if (file && file.size > FEED_IMPORT_LIMITS.feedMaxBytes) {
      setFileError(problem('feedImportScreen.source.tooLarge', { size: FEED_IMPORT_LIMITS.feedMaxBytes / MEGABYTE }));
      return;
    }
    let xml: string | null = null;
    if (file) {
      try {
        xml = await file.text();
      } catch {
        setFileError(problem('feedImportScreen.source.fileUnreadable'));
        return;
      }
    }
    try {
      onRead(
        await feedImportApi.createFeedImport({ params: { broadcasterID }, body: xml === null ? { url } : { xml } }),
      );
    } catch (error) {
      const reason = refusal(error);
      if (!reason) toast('error', errorText(error, t('dashboard.shell.loadFailed')));
      else if (file) setFileError(reason);
      else setError('url', { message: reason });
    }
  });

  return (
    <form className="inline-form" onSubmit={read} noValidate>
      <Field
        label={t('feedImportScreen.source.url')}
        hint={t('feedImportScreen.source.urlHint')}
        error={formState.errors.url}
      >
        <input type="url" inputMode="url" autoComplete="url" {...register('url')} />
      </Field>
      <Field
        label={t('feedImportScreen.source.file')}
        hint={t('feedImportScreen.source.fileHint')}
        error={fileError ? { message: fileError } : undefined}
      >
        <input
          type="file"
          accept=".xml,.rss,application/rss+xml,application/xml,text/xml"
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setFileError(undefined);
          }}
        />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('feedImportScreen.source.reading') : t('feedImportScreen.source.read')}
        </button>
      </div>
      {formState.isSubmitting && (
        <p className="visually-hidden" role="status">
          {t('feedImportScreen.source.reading')}
        </p>
      )}
    </form>
  );
}

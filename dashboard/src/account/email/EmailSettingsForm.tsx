import { z } from 'zod';
import { useDashboardForm, useLeaveWarning } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';

export const EMAIL_NOTIFICATIONS = ['newComment', 'listenerMessage', 'mediaProcessed', 'weeklyStats', 'billing'] as const;
export type EmailNotification = (typeof EMAIL_NOTIFICATIONS)[number];
const emailSettingsSchema = z.object(
  Object.fromEntries(EMAIL_NOTIFICATIONS.map((name) => [name, z.boolean()])) as Record<EmailNotification, z.ZodBoolean>,
);
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

type Props = { initial: EmailSettings; onSave: (values: EmailSettings) => Promise<unknown> };

/** Which e-mails the broadcaster's managers receive. */
export function EmailSettingsForm({ initial, onSave }: Props) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: emailSettingsSchema, values: initial });
  useLeaveWarning(form.formState.isDirty);
  const submit = form.handleSubmit(async (values) => {
    await onSave(values);
    form.saved(values);
  });
  return (
    <form onSubmit={submit} className="account-form">
      <fieldset>
        <legend>{t('dashboardAccount.email.intro')}</legend>
        {EMAIL_NOTIFICATIONS.map((name) => (
          <label key={name} className="check">
            <input type="checkbox" {...form.register(name)} /> {t(`dashboardAccount.email.${name}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('dashboardAccount.common.saving') : t('dashboardAccount.common.save')}
      </button>
    </form>
  );
}

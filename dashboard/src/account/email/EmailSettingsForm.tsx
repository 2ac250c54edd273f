import { type EmailSettings, emailSettingsSchema } from '@kerygma/domain/contracts/broadcaster-account';
import { useDashboardForm, useLeaveWarning } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';

/** The e-mails the account gets at its contact address, in the order they are offered. */
const NOTIFICATIONS = [
  'commentNotifications',
  'messageNotifications',
  'mediaNotifications',
  'weeklyStats',
] as const satisfies readonly (keyof EmailSettings)[];

type Props = { initial: EmailSettings; onSave: (values: EmailSettings) => Promise<boolean> };

/** Which e-mails the broadcaster's contact address receives. */
export function EmailSettingsForm({ initial, onSave }: Props) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: emailSettingsSchema, values: initial });
  useLeaveWarning(form.formState.isDirty);
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) form.saved(values);
  });
  return (
    <form onSubmit={submit} className="account-form">
      <fieldset>
        <legend>{t('dashboardAccount.email.intro')}</legend>
        {NOTIFICATIONS.map((name) => (
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

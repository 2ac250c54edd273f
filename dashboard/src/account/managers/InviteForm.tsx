import { Field } from '../../forms/Field.tsx';
import { useDashboardForm } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { type InviteValues, inviteFormSchema } from './managers-form.ts';
import { RoleBoxes } from './RoleBoxes.tsx';

const EMPTY_INVITE: InviteValues = { email: '', roles: [] };

/** Invite a manager by e-mail with their permissions (§6). */
export function InviteForm({ onInvite }: { onInvite: (invite: InviteValues) => Promise<boolean> }) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: inviteFormSchema, values: EMPTY_INVITE });
  const submit = form.handleSubmit(async (invite) => {
    if (await onInvite(invite)) form.saved(EMPTY_INVITE);
  });
  return (
    <form onSubmit={submit} noValidate className="account-form" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('dashboardAccount.managers.inviteTitle')}</h2>
      <Field label={t('dashboardAccount.managers.email')} error={form.formState.errors.email}>
        <input type="email" {...form.register('email')} />
      </Field>
      <RoleBoxes form={form} legend={t('dashboardAccount.managers.roles')} />
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {t('dashboardAccount.managers.invite')}
      </button>
    </form>
  );
}

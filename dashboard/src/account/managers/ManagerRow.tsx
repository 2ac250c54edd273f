import { useMemo, useState } from 'react';
import { useDashboardForm } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { problem } from '../form/rules.ts';
import { leavesNoAdmin, roleBoxes, roleIds, rolesFormSchema } from './managers-form.ts';
import { RoleBoxes } from './RoleBoxes.tsx';

type Manager = { userID: number; username: string; displayName: string; email: string; roles: number[] };

type Props = {
  manager: Manager;
  all: readonly Manager[];
  isMe: boolean;
  onRoles: (boxes: string[]) => Promise<boolean>;
  onRemove: () => Promise<void>;
};

/** One manager: their permissions (changed in place, at least one), removal, and leaving for yourself. */
export function ManagerRow({ manager, all, isMe, onRoles, onRemove }: Props) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = manager.displayName || manager.username;
  // One object while the roles stay the same: a new one each render would reset the form each render.
  const values = useMemo(() => ({ roles: roleBoxes(manager.roles) }), [manager.roles]);
  const form = useDashboardForm({ schema: rolesFormSchema, values });
  const lastAdmin = leavesNoAdmin(all, manager.userID, []);
  const submit = form.handleSubmit(async ({ roles }) => {
    if (leavesNoAdmin(all, manager.userID, roleIds(roles))) {
      form.setError('roles', { message: problem('dashboardAccount.managers.lastAdmin') });
      return;
    }
    if (await onRoles(roles)) setEditing(false);
  });

  return (
    <li className="card manager">
      <strong>{name}</strong> {isMe && <span>{t('dashboardAccount.managers.you')}</span>}{' '}
      <span className="hint">{manager.email}</span>
      {editing ? (
        <form onSubmit={submit} noValidate aria-label={t('dashboardAccount.managers.edit')}>
          <RoleBoxes form={form} legend={t('dashboardAccount.managers.roles')} />
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {t('dashboardAccount.common.save')}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            {t('dashboardAccount.common.cancel')}
          </button>
        </form>
      ) : (
        <p>{manager.roles.map((r) => t(`dashboardAccount.managers.role${r as 2 | 3 | 4}`)).join(', ')}</p>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`remove-${manager.userID}`} className="confirm">
          <p id={`remove-${manager.userID}`}>
            {isMe
              ? t('dashboardAccount.managers.confirmRemoveSelf')
              : t('dashboardAccount.managers.confirmRemove', { name })}
          </p>
          <button
            type="button"
            className="button danger"
            onClick={() => void onRemove().then(() => setConfirming(false))}
          >
            {isMe ? t('dashboardAccount.managers.removeSelf') : t('dashboardAccount.managers.remove')}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setConfirming(false)}>
            {t('dashboardAccount.common.cancel')}
          </button>
        </div>
      ) : (
        !editing && (
          <p>
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              {t('dashboardAccount.managers.edit')}
            </button>{' '}
            {lastAdmin ? (
              <span className="hint">{t('dashboardAccount.managers.lastAdmin')}</span>
            ) : (
              <button type="button" className="link-button" onClick={() => setConfirming(true)}>
                {isMe ? t('dashboardAccount.managers.removeSelf') : t('dashboardAccount.managers.remove')}
              </button>
            )}
          </p>
        )
      )}
    </li>
  );
}

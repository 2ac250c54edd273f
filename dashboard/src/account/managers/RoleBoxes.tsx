import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormProblem } from '../../forms/Field.tsx';
import { useI18n } from '../../i18n.tsx';
import { MANAGER_ROLES } from './managers-form.ts';

/** The permission boxes of a manager or an invitation, at least one ticked (§5). */
export function RoleBoxes<V extends FieldValues & { roles: string[] }>({
  form,
  legend,
}: {
  form: UseFormReturn<V>;
  legend: string;
}) {
  const { t } = useI18n();
  const name = 'roles' as Path<V>;
  return (
    <fieldset className="role-boxes">
      <legend>{legend}</legend>
      {MANAGER_ROLES.map((role) => (
        <label key={role} className="check">
          <input type="checkbox" value={String(role)} {...form.register(name)} />{' '}
          {t(`dashboardAccount.managers.role${role}`)}
        </label>
      ))}
      <FormProblem message={form.formState.errors.roles?.message as string | undefined} />
    </fieldset>
  );
}

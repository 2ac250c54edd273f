import { BROADCASTER_ACCOUNT_RULES as R } from '@kerygma/domain/broadcaster-account-values';
import { useFieldArray } from 'react-hook-form';
import { Field, FormProblem } from '../../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { type DonationsValues, donationsFormSchema } from './donations-form.ts';

type Props = { initial: DonationsValues; onSave: (values: DonationsValues) => Promise<boolean> };

/** The Give button and the ways to give it leads to. */
export function DonationsForm({ initial, onSave }: Props) {
  const { t } = useI18n();
  const form = useDashboardForm({ schema: donationsFormSchema, values: initial });
  useLeaveWarning(form.formState.isDirty);
  const options = useFieldArray({ control: form.control, name: 'donationOptions' });
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) form.saved(values);
  });
  return (
    <form onSubmit={submit} noValidate className="account-form">
      <label className="check">
        <input type="checkbox" {...form.register('donatable')} /> {t('dashboardAccount.donations.donatable')}
      </label>
      <fieldset>
        <legend>{t('dashboardAccount.donations.options')}</legend>
        {options.fields.map((item, index) => (
          <div key={item.id} className="field-row">
            <Field
              label={t('dashboardAccount.donations.optionLabel')}
              error={form.formState.errors.donationOptions?.[index]?.label}
            >
              <input {...form.register(`donationOptions.${index}.label`)} />
            </Field>
            <Field
              label={t('dashboardAccount.donations.optionURL')}
              error={form.formState.errors.donationOptions?.[index]?.url}
            >
              <input type="url" {...form.register(`donationOptions.${index}.url`)} />
            </Field>
            <button type="button" className="link-button" onClick={() => options.remove(index)}>
              {t('dashboardAccount.donations.removeOption')}
            </button>
          </div>
        ))}
        <FormProblem
          message={
            form.formState.errors.donationOptions?.root?.message ?? form.formState.errors.donationOptions?.message
          }
        />
        <button
          type="button"
          className="link-button"
          onClick={() => options.append({ label: '', url: R.donationURLPrefix })}
        >
          {t('dashboardAccount.donations.addOption')}
        </button>
      </fieldset>
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('dashboardAccount.common.saving') : t('dashboardAccount.common.save')}
      </button>
    </form>
  );
}

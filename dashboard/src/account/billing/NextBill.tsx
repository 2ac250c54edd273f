import type { nextBillSchema } from '@kerygma/domain/contracts/broadcaster-account';
import type { z } from 'zod';
import { formatDay } from '../../dates.ts';
import { useI18n } from '../../i18n.tsx';

/** The next bill from the payments interface, or why there is none. */
export function NextBill({ answer }: { answer: z.infer<typeof nextBillSchema> }) {
  const { t, lang } = useI18n();
  if (!answer.payments.configured) return <p>{t('dashboardAccount.billing.paymentsNotConfigured')}</p>;
  if (!answer.bill) return <p>{t('dashboardAccount.billing.noBill')}</p>;
  const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: answer.bill.currency }).format(
    answer.bill.amountCents / 100,
  );
  return <p>{t('dashboardAccount.billing.amountOn', { amount, date: formatDay(answer.bill.due) })}</p>;
}

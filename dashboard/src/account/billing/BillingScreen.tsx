import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams } from '../screen.tsx';
import { NextBill } from './NextBill.tsx';

/** Billing (the Billers'): the next bill, from the payments interface. */
export default function BillingScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const bill = useQuery({
    queryKey: accountKey(params.broadcasterID, 'next-bill'),
    queryFn: ({ signal }) => call<A['nextBill']>(routes.nextBill, { params, signal, noCache: true }),
  });
  return (
    <ScreenFrame title={t('dashboardAccount.billing.title')} pending={bill.isPending} error={bill.error}>
      {() =>
        bill.data && (
          <section className="card">
            <h2>{t('dashboardAccount.billing.nextBill')}</h2>
            <NextBill answer={bill.data} />
          </section>
        )
      }
    </ScreenFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';
import { call } from '../session.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { type GlobalConfigContract, routes } from './account-api.ts';

/** The query key of one of the managed broadcaster's account reads. */
export const accountKey = (broadcasterID: string, name: string) => ['account', broadcasterID, name] as const;

/** A screen's frame: its title and intro, then its content once its reads have answered. */
export function ScreenFrame({
  title,
  intro,
  pending,
  error,
  children,
}: {
  title: string;
  intro?: string;
  pending: boolean;
  error: unknown;
  children: () => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="account-screen">
      <h1>{title}</h1>
      {intro && <p>{intro}</p>}
      {error ? (
        <p role="alert">{errorText(error, t('dashboardAccount.common.loadFailed'))}</p>
      ) : pending ? (
        <p role="status">{t('dashboardAccount.common.loading')}</p>
      ) : (
        children()
      )}
    </section>
  );
}

/**
 * Runs a change and says how it went in a toast (§9): `success` when it was made, else the
 * server's message. Answers what the call answered, or undefined when it failed.
 */
export function useChange() {
  const { t } = useI18n();
  const toast = useToast();
  return async <T,>(run: () => Promise<T>, success = t('dashboardAccount.common.saved')): Promise<T | undefined> => {
    try {
      const answer = await run();
      toast('success', success);
      return answer;
    } catch (error) {
      toast(
        'error',
        t('dashboardAccount.common.saveFailed', { error: errorText(error, t('dashboardAccount.common.loadFailed')) }),
      );
      return undefined;
    }
  };
}

/** The broadcaster being managed, for the account's calls' path. */
export function useBroadcasterParams() {
  const { broadcasterID } = useBroadcaster();
  return { broadcasterID };
}

/** The server's map services (they change only with its configuration). */
export function useMapConfig() {
  return useQuery({
    queryKey: ['global-config'],
    queryFn: ({ signal }) => call<GlobalConfigContract>(routes.globalConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

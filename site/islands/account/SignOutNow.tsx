import { useEffect, useState } from 'react';
import { islandTranslator } from '../messages.ts';
import { signOut } from '../session/index.ts';
import type { Messages } from './shared.tsx';

export const SIGN_OUT_MESSAGES = ['account.pages.logout.working', 'account.pages.logout.done'] as const;

/** /user/logout: signs out at once, then goes home (§2; the legacy /logout lands here). */
export default function SignOutNow({
  messages,
  home,
}: {
  messages: Messages<(typeof SIGN_OUT_MESSAGES)[number]>;
  home: string;
}) {
  const t = islandTranslator(messages);
  const [done, setDone] = useState(false);
  useEffect(() => {
    void signOut()
      .catch(() => undefined)
      .then(() => {
        setDone(true);
        location.replace(home);
      });
  }, [home]);
  return (
    <p role="status" className="form-done">
      {done ? t('account.pages.logout.done') : t('account.pages.logout.working')}
    </p>
  );
}

import { broadcasterIdProblem, BROADCASTER_ACCOUNT_RULES as R } from '@kerygma/domain/broadcaster-account-values';
import type { broadcasterAccountContracts } from '@kerygma/domain/contracts/broadcaster-account';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { $user } from '../../stores/session.ts';
import {
  apiErrorText,
  Field,
  focusFirstInvalid,
  type Messages,
  Outcome,
  publicApi,
  useHydrated,
} from '../account/shared.tsx';
import { islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';

type C = typeof broadcasterAccountContracts;
const AVAILABLE = { method: 'GET', path: '/node/broadcasters/:broadcasterID/available' } as const satisfies Pick<
  C['broadcasterIdAvailable'],
  'method' | 'path'
>;
const COUPON = { method: 'GET', path: '/signup_params/coupon/:code' } as const satisfies Pick<
  C['signupCoupon'],
  'method' | 'path'
>;
const CREATE = { method: 'POST', path: '/node/broadcasters' } as const satisfies Pick<
  C['createBroadcaster'],
  'method' | 'path'
>;

export const SIGN_UP_MESSAGES = [
  'broadcasterAccount.signUp.signedOut',
  'broadcasterAccount.signUp.signIn',
  'broadcasterAccount.signUp.createAccount',
  'broadcasterAccount.signUp.notVerified',
  'broadcasterAccount.signUp.verify',
  'broadcasterAccount.signUp.broadcasterID',
  'broadcasterAccount.signUp.idHint',
  'broadcasterAccount.signUp.idChecking',
  'broadcasterAccount.signUp.idAvailable',
  'broadcasterAccount.signUp.idTaken',
  'broadcasterAccount.signUp.idTooShort',
  'broadcasterAccount.signUp.idTooLong',
  'broadcasterAccount.signUp.idCharacters',
  'broadcasterAccount.signUp.displayName',
  'broadcasterAccount.signUp.location',
  'broadcasterAccount.signUp.locationHint',
  'broadcasterAccount.signUp.country',
  'broadcasterAccount.signUp.countryHint',
  'broadcasterAccount.signUp.category',
  'broadcasterAccount.signUp.contactEmail',
  'broadcasterAccount.signUp.contactHint',
  'broadcasterAccount.signUp.coupon',
  'broadcasterAccount.signUp.couponApplied',
  'broadcasterAccount.signUp.couponUnknown',
  'broadcasterAccount.signUp.articles',
  'broadcasterAccount.signUp.articlesLink',
  'broadcasterAccount.signUp.articlesRequired',
  'broadcasterAccount.signUp.required',
  'broadcasterAccount.signUp.submit',
  'broadcasterAccount.signUp.sending',
  'broadcasterAccount.signUp.pending',
  'broadcasterAccount.signUp.approved',
  'broadcasterAccount.signUp.openSelect',
  'broadcasterAccount.categories.church',
  'broadcasterAccount.categories.school',
  'broadcasterAccount.categories.seminary',
  'broadcasterAccount.categories.radioBroadcast',
  'account.forms.failed',
] as const;
type Key = (typeof SIGN_UP_MESSAGES)[number];

type Props = {
  messages: Messages<Key>;
  /** Localised paths. */
  signIn: string;
  signUp: string;
  verify: string;
  articles: string;
  select: string;
};

const CATEGORIES = [
  ['church', 1],
  ['school', 2],
  ['seminary', 4],
  ['radioBroadcast', 8],
] as const;

type IdState = 'checking' | 'available' | 'taken' | 'tooShort' | 'tooLong' | 'characters' | null;
const ID_MESSAGE: Record<Exclude<IdState, null | 'checking' | 'available'>, Key> = {
  taken: 'broadcasterAccount.signUp.idTaken',
  tooShort: 'broadcasterAccount.signUp.idTooShort',
  tooLong: 'broadcasterAccount.signUp.idTooLong',
  characters: 'broadcasterAccount.signUp.idCharacters',
};

/**
 * /broadcaster/sign-up (spec §2): a signed-in user with a verified address signs a broadcaster
 * up. The ID is checked against the §5 rules as it is typed and then with the server; `coupon`
 * and `info` come from the page's query. While payments are not configured the sign-up waits,
 * pending, for a site admin.
 */
export default function BroadcasterSignUp({ messages, signIn, signUp, verify, articles, select }: Props) {
  const t = islandTranslator(messages);
  const ready = useHydrated();
  const user = useStore($user);
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ id: '', name: '', location: '', country: '', email: '', coupon: '' });
  const [category, setCategory] = useState(1);
  const [accepted, setAccepted] = useState(false);
  const [info, setInfo] = useState<string | undefined>();
  const [idState, setIdState] = useState<IdState>(null);
  const [coupon, setCoupon] = useState<{ description?: string; unknown?: boolean }>({});
  const [errors, setErrors] = useState<Partial<Record<'id' | 'name' | 'articles', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ name: string; state: string } | null>(null);

  useEffect(() => {
    void loadSession();
    const query = new URLSearchParams(location.search);
    const code = query.get('coupon');
    if (code) setValues((v) => ({ ...v, coupon: code }));
    setInfo(query.get('info') ?? undefined);
  }, []);

  // The ID: the §5 rules at once, then (half a second after the last key) the server's answer.
  useEffect(() => {
    const id = values.id.trim();
    if (!id) return setIdState(null);
    const problem = broadcasterIdProblem(id);
    if (problem) return setIdState(problem);
    setIdState('checking');
    const timer = setTimeout(async () => {
      try {
        const answer = await publicApi().call<C['broadcasterIdAvailable']>(AVAILABLE, {
          params: { broadcasterID: id },
        });
        setIdState(answer.isAvailable ? 'available' : (answer.problem ?? 'taken'));
      } catch {
        setIdState(null);
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [values.id]);

  useEffect(() => {
    const code = values.coupon.trim();
    if (!code) return setCoupon({});
    const timer = setTimeout(async () => {
      try {
        const found = await publicApi().call<C['signupCoupon']>(COUPON, { params: { code } });
        setCoupon({ description: found.description || found.kind });
      } catch {
        setCoupon({ unknown: true });
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [values.coupon]);

  if (user === null)
    return (
      <div className="account-form">
        <p>{t('broadcasterAccount.signUp.signedOut')}</p>
        <p>
          <a className="button primary" href={signIn}>
            {t('broadcasterAccount.signUp.signIn')}
          </a>{' '}
          <a className="button" href={signUp}>
            {t('broadcasterAccount.signUp.createAccount')}
          </a>
        </p>
      </div>
    );
  if (user && !user.verified)
    return (
      <div className="account-form">
        <p>{t('broadcasterAccount.signUp.notVerified')}</p>
        <a className="button primary" href={verify}>
          {t('broadcasterAccount.signUp.verify')}
        </a>
      </div>
    );
  if (done)
    return (
      <div className="account-form">
        <p role="status" className="form-done">
          {done.state === 'pending'
            ? t('broadcasterAccount.signUp.pending', { name: done.name })
            : t('broadcasterAccount.signUp.approved', { name: done.name })}
        </p>
        <a className="button" href={select}>
          {t('broadcasterAccount.signUp.openSelect')}
        </a>
      </div>
    );

  const set = (field: keyof typeof values) => (e: { currentTarget: { value: string } }) =>
    setValues({ ...values, [field]: e.currentTarget.value });

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const id = values.id.trim();
    const problem = broadcasterIdProblem(id) ?? (idState === 'taken' ? 'taken' : undefined);
    const found = {
      id: problem ? t(ID_MESSAGE[problem], { min: R.idMinLength, max: R.idMaxLength }) : undefined,
      name: values.name.trim() ? undefined : t('broadcasterAccount.signUp.required'),
      articles: accepted ? undefined : t('broadcasterAccount.signUp.articlesRequired'),
    };
    setErrors(found);
    setFailure(null);
    if (found.id || found.name || found.articles) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const answer = await sessionCall<C['createBroadcaster']>(CREATE, {
        body: {
          broadcasterID: id,
          displayName: values.name.trim(),
          location: values.location.trim(),
          ...(values.country.trim() ? { countryISOCode: values.country.trim() } : {}),
          categories: category,
          ...(values.email.trim() ? { contactEmail: values.email.trim() } : {}),
          ...(values.coupon.trim() ? { coupon: values.coupon.trim() } : {}),
          ...(info ? { signupInfo: info } : {}),
          acceptArticlesOfFaith: true,
        },
      });
      setDone({ name: answer.displayName, state: answer.state });
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  const idHint = (
    <>
      <p>{t('broadcasterAccount.signUp.idHint', { min: R.idMinLength, max: R.idMaxLength, id: values.id || '…' })}</p>
      <p aria-live="polite" data-id-state={idState ?? ''}>
        {idState === 'checking'
          ? t('broadcasterAccount.signUp.idChecking')
          : idState === 'available'
            ? t('broadcasterAccount.signUp.idAvailable')
            : idState
              ? t(ID_MESSAGE[idState], { min: R.idMinLength, max: R.idMaxLength })
              : ''}
      </p>
    </>
  );

  return (
    <form ref={form} className="account-form" onSubmit={submit} noValidate>
      <Field
        id="bsu-id"
        name="broadcasterID"
        label={t('broadcasterAccount.signUp.broadcasterID')}
        value={values.id}
        onChange={set('id')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={R.idMaxLength + 10}
        hint={idHint}
        error={errors.id}
      />
      <Field
        id="bsu-name"
        name="displayName"
        label={t('broadcasterAccount.signUp.displayName')}
        value={values.name}
        onChange={set('name')}
        maxLength={R.displayNameMaxLength}
        error={errors.name}
      />
      <Field
        id="bsu-location"
        name="location"
        label={t('broadcasterAccount.signUp.location')}
        value={values.location}
        onChange={set('location')}
        maxLength={R.textMaxLength}
        hint={t('broadcasterAccount.signUp.locationHint')}
      />
      <Field
        id="bsu-country"
        name="countryISOCode"
        label={t('broadcasterAccount.signUp.country')}
        value={values.country}
        onChange={set('country')}
        maxLength={2}
        hint={t('broadcasterAccount.signUp.countryHint')}
      />
      <fieldset className="field">
        <legend>{t('broadcasterAccount.signUp.category')}</legend>
        {CATEGORIES.map(([key, flag]) => (
          <label key={key} className="check">
            <input type="radio" name="category" checked={category === flag} onChange={() => setCategory(flag)} />
            {t(`broadcasterAccount.categories.${key}`)}
          </label>
        ))}
      </fieldset>
      <Field
        id="bsu-email"
        name="contactEmail"
        type="email"
        label={t('broadcasterAccount.signUp.contactEmail')}
        value={values.email}
        onChange={set('email')}
        hint={t('broadcasterAccount.signUp.contactHint')}
      />
      <Field
        id="bsu-coupon"
        name="coupon"
        label={t('broadcasterAccount.signUp.coupon')}
        value={values.coupon}
        onChange={set('coupon')}
        maxLength={R.couponMaxLength}
        hint={
          coupon.description
            ? t('broadcasterAccount.signUp.couponApplied', { description: coupon.description })
            : coupon.unknown
              ? t('broadcasterAccount.signUp.couponUnknown')
              : undefined
        }
      />
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            name="acceptArticlesOfFaith"
            checked={accepted}
            onChange={(e) => setAccepted(e.currentTarget.checked)}
            aria-invalid={errors.articles ? true : undefined}
            aria-describedby={errors.articles ? 'bsu-articles-error' : undefined}
          />
          {t('broadcasterAccount.signUp.articles')}
        </label>
        <a href={articles} target="_blank" rel="noopener">
          {t('broadcasterAccount.signUp.articlesLink')}
        </a>
        {errors.articles ? (
          <p id="bsu-articles-error" className="field-error">
            {errors.articles}
          </p>
        ) : null}
      </div>
      <Outcome error={failure} />
      <button type="submit" className="primary" disabled={!ready || busy || user === undefined}>
        {busy ? t('broadcasterAccount.signUp.sending') : t('broadcasterAccount.signUp.submit')}
      </button>
    </form>
  );
}

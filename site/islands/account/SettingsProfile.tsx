import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useState } from 'react';
import type { SessionUser } from '../../stores/session.ts';
import { sessionCall, userChanged } from '../session/index.ts';
import { useLeaveWarning } from './leave-warning.ts';
import type { SettingsPartProps } from './settings-shared.ts';
import { ACCOUNT_RULES, apiErrorText, Field, focusFirstInvalid, Outcome } from './shared.tsx';

type Users = typeof userContracts;
const UPDATE = { method: 'PATCH', path: '/site/users' } as const satisfies Pick<Users['updateUser'], 'method' | 'path'>;

const CHECKS = [
  ['notify_email', 'account.pages.settings.notifyEmail'],
  ['notify_webcast_email', 'account.pages.settings.notifyWebcastEmail'],
  ['notify_mobile', 'account.pages.settings.notifyMobile'],
  ['newsletter_opt_in', 'account.pages.settings.newsletter'],
] as const;
type Check = (typeof CHECKS)[number][0];

/** What the form edits, as the inputs hold it (strings for the text, number and choice fields). */
type Profile = {
  display_name: string;
  display_location: string;
  gender: '' | 'male' | 'female';
  birth_year: string;
  church_leader: boolean;
} & Record<Check, boolean>;

const profileOf = (user: SessionUser): Profile => ({
  display_name: user.display_name || user.username,
  display_location: user.display_location,
  gender: user.gender ?? '',
  birth_year: user.birth_year === null ? '' : String(user.birth_year),
  church_leader: user.church_leader,
  notify_email: user.notify_email,
  notify_webcast_email: user.notify_webcast_email,
  notify_mobile: user.notify_mobile,
  newsletter_opt_in: user.newsletter_opt_in,
});

const sameProfile = (a: Profile, b: Profile) => (Object.keys(a) as (keyof Profile)[]).every((key) => a[key] === b[key]);

/**
 * The profile (PATCH site/users): display name, location, gender, birth year, church leader, the
 * daily e-mail of new sermons, the e-mail when a followed broadcaster goes live, phone notifications, the newsletter. Leaving with changes not
 * saved asks first.
 */
export default function SettingsProfile({ user, t }: SettingsPartProps) {
  const [saved, setSaved] = useState(() => profileOf(user));
  const [values, setValues] = useState(saved);
  const [nameError, setNameError] = useState<string | null>(null);
  const [yearError, setYearError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLeaveWarning(!sameProfile(values, saved), t('account.forms.leaveQuestion'));
  const set = <K extends keyof Profile>(key: K, value: Profile[K]) => setValues((now) => ({ ...now, [key]: value }));
  const maxYear = new Date().getFullYear();

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setFailure(null);
    setDone(null);
    const year = values.birth_year.trim() === '' ? null : Number(values.birth_year);
    const badYear = year !== null && !(Number.isInteger(year) && year >= ACCOUNT_RULES.birthYearMin && year <= maxYear);
    setNameError(values.display_name.trim() ? null : t('account.forms.required'));
    setYearError(
      badYear ? t('account.pages.settings.birthYearRange', { min: ACCOUNT_RULES.birthYearMin, max: maxYear }) : null,
    );
    if (!values.display_name.trim() || badYear) return focusFirstInvalid(form);
    setBusy(true);
    try {
      const answer = await sessionCall<Users['updateUser']>(UPDATE, {
        body: {
          display_name: values.display_name.trim(),
          display_location: values.display_location.trim(),
          gender: values.gender || null,
          birth_year: year,
          church_leader: values.church_leader,
          notify_email: values.notify_email,
          notify_webcast_email: values.notify_webcast_email,
          notify_mobile: values.notify_mobile,
          newsletter_opt_in: values.newsletter_opt_in,
        },
      });
      userChanged(answer);
      const now = profileOf(answer);
      setSaved(now);
      setValues(now);
      setDone(t('account.pages.settings.saved'));
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="account-form secondary"
      method="post"
      noValidate
      onSubmit={save}
      aria-labelledby="settings-profile"
    >
      <h2 id="settings-profile">{t('account.pages.settings.profileTitle')}</h2>
      <Field
        id="settings-name"
        name="display_name"
        label={t('account.pages.settings.displayName')}
        autoComplete="name"
        maxLength={ACCOUNT_RULES.displayNameMaxLength}
        required
        value={values.display_name}
        onChange={(e) => set('display_name', e.currentTarget.value)}
        error={nameError}
      />
      <Field
        id="settings-location"
        name="display_location"
        label={t('account.pages.settings.location')}
        autoComplete="address-level2"
        maxLength={ACCOUNT_RULES.displayLocationMaxLength}
        value={values.display_location}
        onChange={(e) => set('display_location', e.currentTarget.value)}
      />
      <div className="field">
        <label htmlFor="settings-gender">{t('account.pages.settings.gender')}</label>
        <select
          id="settings-gender"
          name="gender"
          value={values.gender}
          onChange={(e) => set('gender', e.currentTarget.value as Profile['gender'])}
        >
          <option value="">{t('account.pages.settings.genderUnsaid')}</option>
          <option value="female">{t('account.pages.settings.genderFemale')}</option>
          <option value="male">{t('account.pages.settings.genderMale')}</option>
        </select>
      </div>
      <Field
        id="settings-birth-year"
        name="birth_year"
        label={t('account.pages.settings.birthYear')}
        type="number"
        inputMode="numeric"
        min={ACCOUNT_RULES.birthYearMin}
        max={maxYear}
        value={values.birth_year}
        onChange={(e) => set('birth_year', e.currentTarget.value)}
        error={yearError}
      />
      <div className="check">
        <input
          id="settings-church_leader"
          name="church_leader"
          type="checkbox"
          checked={values.church_leader}
          onChange={(e) => set('church_leader', e.currentTarget.checked)}
        />
        <label htmlFor="settings-church_leader">{t('account.pages.settings.churchLeader')}</label>
      </div>
      {CHECKS.map(([key, label]) => (
        <div className="check" key={key}>
          <input
            id={`settings-${key}`}
            name={key}
            type="checkbox"
            checked={values[key]}
            onChange={(e) => set(key, e.currentTarget.checked)}
          />
          <label htmlFor={`settings-${key}`}>{t(label)}</label>
        </div>
      ))}
      <Outcome error={failure} done={done} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('account.forms.sending') : t('account.pages.settings.saveProfile')}
      </button>
    </form>
  );
}

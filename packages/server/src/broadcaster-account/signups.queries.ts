import type { SignupState } from '@kerygma/domain/broadcaster-account-values';
import type { Db } from '../db/db.ts';

/** A broadcaster sign-up with its signer; times in epoch seconds. */
export type SignupRow = {
  signup_id: number;
  broadcaster_id: string;
  display_name: string;
  location: string;
  country_iso_code: string;
  contact_email: string;
  categories: number;
  coupon: string | null;
  signup_info: string | null;
  state: SignupState;
  user_id: number;
  username: string;
  email: string;
  locale: string;
  created: number;
  decided: number | null;
};

export type CouponRow = { code: string; kind: string; description: string };

const COLUMNS = `s.signup_id::int4 AS signup_id, s.broadcaster_id, s.display_name, s.location, s.country_iso_code,
  s.contact_email, s.categories, s.coupon, s.signup_info, s.state, s.user_id::int4 AS user_id, u.username, u.email,
  u.locale, extract(epoch FROM s.created_at)::int8 AS created, extract(epoch FROM s.decided_at)::int8 AS decided`;
const FROM = 'broadcaster_signup s JOIN app_user u USING (user_id)';

/** Whether a broadcaster or a pending sign-up has the (lower-case) ID. */
export async function broadcasterIdTaken(db: Db, id: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM broadcaster WHERE broadcaster_id = $1)
         OR EXISTS (SELECT 1 FROM broadcaster_signup WHERE broadcaster_id = $1 AND state = 'pending') AS taken`,
    [id],
  );
  return row?.taken ?? false;
}

export async function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.query<CouponRow>('SELECT code, kind, description FROM signup_coupon WHERE code = lower($1)', [
    code,
  ]);
  return row;
}

export type NewSignup = {
  userId: number;
  broadcasterId: string;
  displayName: string;
  location: string;
  countryIsoCode: string;
  categories: number;
  contactEmail: string;
  coupon: string | null;
  signupInfo: string | null;
};

/** Inserts a pending sign-up; undefined when the ID was taken meanwhile (the pending index). */
export async function insertSignup(db: Db, s: NewSignup): Promise<number | undefined> {
  const [row] = await db.query<{ signup_id: number }>(
    `INSERT INTO broadcaster_signup (user_id, broadcaster_id, display_name, location, country_iso_code, categories,
       contact_email, coupon, signup_info, articles_accepted_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, now()
      WHERE NOT EXISTS (SELECT 1 FROM broadcaster WHERE broadcaster_id = $2)
     ON CONFLICT DO NOTHING
     RETURNING signup_id::int4 AS signup_id`,
    [
      s.userId,
      s.broadcasterId,
      s.displayName,
      s.location,
      s.countryIsoCode,
      s.categories,
      s.contactEmail,
      s.coupon,
      s.signupInfo,
    ],
  );
  return row?.signup_id;
}

export async function signupById(db: Db, signupId: number, lock = false): Promise<SignupRow | undefined> {
  const [row] = await db.query<SignupRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE s.signup_id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
    [signupId],
  );
  return row;
}

export async function signupsInState(db: Db, state: SignupState): Promise<SignupRow[]> {
  return db.query<SignupRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE s.state = $1 ORDER BY s.created_at, s.signup_id LIMIT 500`,
    [state],
  );
}

export async function signupsOfUser(db: Db, userId: number): Promise<SignupRow[]> {
  return db.query<SignupRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.signup_id DESC LIMIT 100`,
    [userId],
  );
}

export async function decideSignup(db: Db, signupId: number, state: SignupState, adminId: number): Promise<void> {
  await db.query('UPDATE broadcaster_signup SET state = $2, decided_at = now(), decided_by = $3 WHERE signup_id = $1', [
    signupId,
    state,
    adminId,
  ]);
}

/** Makes the approved sign-up's broadcaster and its signer's Admin role. */
export async function createBroadcasterFrom(db: Db, s: SignupRow): Promise<void> {
  await db.query(
    `INSERT INTO broadcaster (broadcaster_id, display_name, short_name, sort_name, location, country_iso_code,
       categories, contact_email)
     VALUES ($1, $2, left($2, 30), $2, $3, $4, $5, $6)`,
    [s.broadcaster_id, s.display_name, s.location, s.country_iso_code, s.categories, s.contact_email],
  );
  await db.query('INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role) VALUES ($1, $2, 2)', [
    s.user_id,
    s.broadcaster_id,
  ]);
}

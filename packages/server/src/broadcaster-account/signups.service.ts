import { broadcasterIdProblem, type SignupState } from '@kerygma/domain/broadcaster-account-values';
import type { BroadcasterSignup, createBroadcasterBody } from '@kerygma/domain/contracts/broadcaster-account';
import { getLocale, localizePath } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import type { z } from 'zod';
import type { UserRow } from '../accounts/accounts.queries.ts';
import { type AccountDeps, refuse, requireVerified } from './account-deps.ts';
import * as q from './signups.queries.ts';

/**
 * Becoming a broadcaster (spec §2 Broadcaster account, §5 ID rules): a verified user signs a
 * broadcaster up; the fees go through the payments interface, and while payments are not
 * configured the sign-up waits until a site admin approves it. Approval makes the broadcaster
 * and its signer its Admin, in one transaction.
 */

export async function idAvailability(deps: Pick<AccountDeps, 'db'>, candidate: string) {
  const id = candidate.trim();
  const problem = broadcasterIdProblem(id);
  if (problem) return { isAvailable: false, problem };
  if (await q.broadcasterIdTaken(deps.db, id)) return { isAvailable: false, problem: 'taken' as const };
  return { isAvailable: true, problem: null };
}

export function signupView(s: q.SignupRow): BroadcasterSignup {
  return {
    signupID: s.signup_id,
    broadcasterID: s.broadcaster_id,
    displayName: s.display_name,
    location: s.location,
    countryISOCode: s.country_iso_code,
    contactEmail: s.contact_email,
    categories: s.categories,
    coupon: s.coupon,
    signupInfo: s.signup_info,
    state: s.state,
    user: { userID: s.user_id, username: s.username, email: s.email },
    created: s.created,
    decided: s.decided,
  };
}

export async function coupon(deps: Pick<AccountDeps, 'db'>, code: string) {
  const row = await q.couponByCode(deps.db, code);
  if (!row) throw refuse(404, 'not_found', 'couponNotFound');
  return row;
}

export async function createSignup(
  deps: AccountDeps,
  user: UserRow,
  input: z.output<typeof createBroadcasterBody>,
  origin: string,
): Promise<BroadcasterSignup> {
  requireVerified(user);
  const couponCode = input.coupon ? input.coupon.toLowerCase() : null;
  if (couponCode && !(await q.couponByCode(deps.db, couponCode))) throw refuse(404, 'not_found', 'couponNotFound');
  const signupId = await deps.db.transaction(async (tx) => {
    const id = await q.insertSignup(tx, {
      userId: user.user_id,
      broadcasterId: input.broadcasterID,
      displayName: input.displayName,
      location: input.location,
      countryIsoCode: input.countryISOCode ?? '',
      categories: input.categories,
      contactEmail: input.contactEmail ?? user.email,
      coupon: couponCode,
      signupInfo: input.signupInfo || null,
    });
    if (id === undefined) throw refuse(409, 'broadcaster_id_taken', 'idTaken');
    const charge = await deps.payments.chargeSignup({
      broadcasterId: input.broadcasterID,
      userId: user.user_id,
      coupon: couponCode,
    });
    if (charge.outcome === 'paid') await approveIn(tx, id, user.user_id);
    return id;
  });
  const row = (await q.signupById(deps.db, signupId)) as q.SignupRow;
  if (row.state === 'approved') await mailDecision(deps, row, origin);
  return signupView(row);
}

/** Approves a pending sign-up inside the caller's transaction. */
async function approveIn(tx: AccountDeps['db'], signupId: number, deciderId: number): Promise<void> {
  const row = await q.signupById(tx, signupId, true);
  if (!row) throw refuse(404, 'not_found', 'signupNotFound');
  if (row.state !== 'pending') throw refuse(409, 'already_decided', 'signupDecided');
  await q.createBroadcasterFrom(tx, row);
  await q.decideSignup(tx, signupId, 'approved', deciderId);
}

export async function decide(
  deps: AccountDeps,
  admin: UserRow,
  signupId: number,
  state: Exclude<SignupState, 'pending'>,
  origin: string,
): Promise<BroadcasterSignup> {
  await deps.db.transaction(async (tx) => {
    if (state === 'approved') return approveIn(tx, signupId, admin.user_id);
    const row = await q.signupById(tx, signupId, true);
    if (!row) throw refuse(404, 'not_found', 'signupNotFound');
    if (row.state !== 'pending') throw refuse(409, 'already_decided', 'signupDecided');
    await q.decideSignup(tx, signupId, 'rejected', admin.user_id);
  });
  const row = (await q.signupById(deps.db, signupId)) as q.SignupRow;
  await mailDecision(deps, row, origin);
  return signupView(row);
}

/** Tells the signer, in their language, that their broadcaster was approved (with the way in) or not. */
async function mailDecision(deps: AccountDeps, row: q.SignupRow, origin: string): Promise<void> {
  const locale = getLocale(row.locale).code;
  const t = await getTranslator(locale);
  const params = { name: row.display_name, id: row.broadcaster_id };
  if (row.state === 'approved') {
    const link = `${origin}${localizePath('/broadcaster/select', locale)}`;
    await deps.mail({
      to: row.email,
      subject: t('broadcasterAccount.mail.approvedSubject', params),
      text: t('broadcasterAccount.mail.approvedBody', { ...params, link }),
    });
  } else {
    await deps.mail({
      to: row.email,
      subject: t('broadcasterAccount.mail.rejectedSubject', params),
      text: t('broadcasterAccount.mail.rejectedBody', params),
    });
  }
}

export const signupsInState = async (deps: Pick<AccountDeps, 'db'>, state: SignupState) => ({
  results: (await q.signupsInState(deps.db, state)).map(signupView),
});

export const signupsOfUser = async (deps: Pick<AccountDeps, 'db'>, user: UserRow) => ({
  results: (await q.signupsOfUser(deps.db, user.user_id)).map(signupView),
});

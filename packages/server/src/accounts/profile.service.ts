import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ACCOUNT_RULES } from '@kerygma/domain/account-rules';
import { mergeWebPreferences } from '@kerygma/domain/web-preferences';
import { ApiError, notFound } from '../errors.ts';
import { API_BASE } from '../http/api-base.ts';
import { largeEnough, type PictureShape, readPicture, servedJpeg, sourceJpeg } from '../images/image-files.ts';
import type { MediaStore } from '../storage/store.ts';
import * as q from './accounts.queries.ts';
import { type AccountDeps, type Caller, type IssuedTokens, sendCode, startSession } from './accounts.service.ts';
import { countOrRefuse } from './attempt-limits.ts';
import type { Session } from './guards.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import * as p from './profile.queries.ts';

/**
 * The signed-in user's own account (spec §7 Users): profile and preferences, password and
 * e-mail changes, the profile picture, deleting the account.
 */

/** The session a request was authorised by (accounts.service.ts `authenticate`). */

/** What PATCH site/users may send (the contract's body). */
export type ProfileInput = Partial<{
  display_name: string;
  display_location: string;
  gender: 'male' | 'female' | null;
  birth_year: number | null;
  church_leader: boolean;
  newsletter_opt_in: boolean;
  notify_email: boolean;
  notify_webcast_email: boolean;
  notify_mobile: boolean;
  myChurchBroadcasterID: string | null;
  web_preferences: string;
}>;

export async function updateProfile(deps: AccountDeps, user: q.UserRow, input: ProfileInput): Promise<q.UserRow> {
  const { myChurchBroadcasterID, web_preferences, ...fields } = input;
  const changes: p.ProfileChanges = { ...fields };
  if (input.birth_year != null && input.birth_year > new Date(deps.now()).getUTCFullYear())
    throw new ApiError(400, 'invalid_request', {
      birth_year: { key: 'error.invalidParameter', params: { name: 'birth_year', detail: 'in the future' } },
    });
  if (myChurchBroadcasterID !== undefined) {
    const id = myChurchBroadcasterID === null ? null : await p.broadcasterId(deps.db, myChurchBroadcasterID);
    if (id === undefined)
      throw new ApiError(400, 'invalid_request', {
        myChurchBroadcasterID: { key: 'error.account.unknownBroadcaster' },
      });
    changes.my_church_broadcaster_id = id;
  }
  let sent: unknown;
  if (web_preferences !== undefined) {
    try {
      sent = JSON.parse(web_preferences);
    } catch {
      sent = undefined;
    }
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent))
      throw new ApiError(400, 'invalid_request', { web_preferences: { key: 'error.account.preferencesInvalid' } });
  }
  return deps.db.transaction(async (tx) => {
    if (sent !== undefined) {
      const stored = JSON.parse(await p.lockedPreferences(tx, user.user_id));
      changes.web_preferences = JSON.stringify(mergeWebPreferences(stored, sent, deps.now()));
    }
    return p.updateProfile(tx, user.user_id, changes);
  });
}

/**
 * Checks the account's password again before a change that matters, counted as sign-in
 * attempts are (per account and per address, before the check): 403 when wrong.
 */
async function confirmPassword(
  deps: AccountDeps,
  caller: Caller,
  user: q.UserRow,
  password: string,
  field = 'current_password',
): Promise<void> {
  await countOrRefuse(deps.db, 'signInAddress', caller.address, deps.now(), deps.signInLimitPerAddress);
  await countOrRefuse(deps.db, 'signInAccount', user.username, deps.now());
  if (!(await passwordMatches(user.password_hash, password)))
    throw new ApiError(403, 'wrong_password', { [field]: { key: 'error.account.currentPasswordWrong' } });
}

/**
 * A new password: every session of the user ends, and this one goes on as a new session (a
 * new token family) with the same remember-me.
 */
export async function changePassword(
  deps: AccountDeps,
  caller: Caller,
  session: Session,
  input: { current_password: string; password: string },
): Promise<{ user: q.UserRow; tokens: IssuedTokens }> {
  await confirmPassword(deps, caller, session.user, input.current_password);
  const passwordHash = await hashPassword(input.password);
  const userId = session.user.user_id;
  const tokens = await deps.db.transaction(async (tx) => {
    await q.setPasswordHash(tx, userId, passwordHash);
    await q.revokeUserSessions(tx, userId, deps.now());
    return startSession(tx, { familyId: crypto.randomUUID(), userId, remember: session.remember }, deps.now());
  });
  return { user: (await q.userById(deps.db, userId)) as q.UserRow, tokens };
}

/** Mails a code to the new address and keeps it waiting; the address changes when the code is used. */
export async function changeEmail(
  deps: AccountDeps,
  caller: Caller,
  user: q.UserRow,
  input: { current_password: string; email: string },
): Promise<q.UserRow> {
  await confirmPassword(deps, caller, user, input.current_password);
  if (await q.emailTaken(deps.db, input.email))
    throw new ApiError(409, 'taken', { email: { key: 'error.account.emailTaken' } });
  await p.setPendingEmail(deps.db, user.user_id, input.email);
  await sendCode(deps, caller, user, 'email', input.email);
  return (await q.userById(deps.db, user.user_id)) as q.UserRow;
}

/** Deletes the account with everything kept for it; its picture's files after the rows. */
export async function deleteAccount(
  deps: AccountDeps,
  media: MediaStore,
  caller: Caller,
  user: q.UserRow,
  password: string,
): Promise<void> {
  await confirmPassword(deps, caller, user, password, 'password');
  const deleted = await deps.db.transaction((tx) => p.deleteUser(tx, user.user_id));
  if (deleted?.profile_picture) await removePicture(deps, media, deleted.profile_picture);
}

/** Where a profile picture's bytes go, below the API base: `${API_BASE}/site/users/profile_picture/{guid}`. */
export const PICTURE_UPLOADS_PATH = '/site/users/profile_picture';
/** How long an upload slot takes bytes. */
const PICTURE_SLOT_MS = 3600_000;

/** The picture's files: `users/<key>/<size>.jpg`, served at `/media/users/<key>/{size}.jpg`. */
const pictureFolder = (key: string) => `users/${key}`;

/** A profile picture's shape for the images room's sharp code: square, in the sizes it is stored in. */
const PICTURE_SHAPE: PictureShape = {
  aspect: 1,
  widths: ACCOUNT_RULES.pictureSizes,
  minWidth: ACCOUNT_RULES.pictureMinPixels,
  minHeight: ACCOUNT_RULES.pictureMinPixels,
};

export async function startPictureUpload(deps: AccountDeps, user: q.UserRow, origin: string) {
  const guid = await p.insertPictureUpload(deps.db, user.user_id, deps.now() + PICTURE_SLOT_MS, deps.now());
  return { uploadURL: `${origin}${API_BASE}${PICTURE_UPLOADS_PATH}/${guid}` };
}

const invalidImage = () =>
  new ApiError(400, 'invalid_image', {
    file: { key: 'error.account.invalidImage', params: { pixels: ACCOUNT_RULES.pictureMinPixels } },
  });
const slotNotFound = () => notFound('error.account.uploadNotFound');

/** Passes at most `max` bytes on; past that, a 413. */
function limitBytes(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max)
        done(
          new ApiError(413, 'payload_too_large', {
            file: { key: 'error.account.pictureTooLarge', params: { megabytes: max / 1024 ** 2 } },
          }),
        );
      else done(null, chunk);
    },
  });
}

/**
 * A picture's bytes for an upload slot: checked by content (format and size), made into square
 * JPEG sizes and stored; the slot is used and the earlier picture's files removed. Bad bytes
 * change nothing (the slot stays for another try).
 */
export async function receivePicture(
  deps: AccountDeps,
  media: MediaStore,
  guid: string,
  body: NodeJS.ReadableStream,
): Promise<q.UserRow> {
  const userId = await p.pictureUploadUser(deps.db, guid, deps.now());
  if (userId === undefined) throw slotNotFound();
  const dir = await media.workDir();
  try {
    const upload = path.join(dir, 'upload');
    await pipeline(body, limitBytes(ACCOUNT_RULES.pictureMaxBytes), createWriteStream(upload));
    const bytes = await readFile(upload);
    const picture = await readPicture(bytes);
    if (!picture || !largeEnough(picture, PICTURE_SHAPE)) throw invalidImage();
    // Every size is made now (the few a page shows), from one upright centre cut.
    const source = await sourceJpeg(bytes, PICTURE_SHAPE);
    const sizes = path.join(dir, 'sizes');
    await mkdir(sizes);
    for (const size of PICTURE_SHAPE.widths)
      await writeFile(path.join(sizes, `${size}.jpg`), await servedJpeg(source, false, PICTURE_SHAPE, size));
    // A new key for each picture, so its files can be cached for good.
    const key = `${userId}-${crypto.randomUUID().slice(0, 8)}`;
    await media.moveDirIn(pictureFolder(key), sizes);
    let old: string | null;
    try {
      old = await deps.db.transaction(async (tx) => {
        if ((await p.takePictureUpload(tx, guid, deps.now())) !== userId) throw slotNotFound();
        return p.replaceProfilePicture(tx, userId, key);
      });
    } catch (error) {
      await media.remove(pictureFolder(key));
      throw error;
    }
    if (old) await removePicture(deps, media, old);
    return (await q.userById(deps.db, userId)) as q.UserRow;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function deletePicture(deps: AccountDeps, media: MediaStore, user: q.UserRow): Promise<q.UserRow> {
  const old = await deps.db.transaction((tx) => p.replaceProfilePicture(tx, user.user_id, null));
  if (old) await removePicture(deps, media, old);
  return (await q.userById(deps.db, user.user_id)) as q.UserRow;
}

/** Removes a picture's files; a failure is logged (the row no longer names them). */
async function removePicture(deps: AccountDeps, media: MediaStore, key: string): Promise<void> {
  await media
    .remove(pictureFolder(key))
    .catch((error) => deps.log.error({ err: error, key }, 'could not remove a profile picture'));
}

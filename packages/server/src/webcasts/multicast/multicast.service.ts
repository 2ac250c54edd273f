import type { ContractInput } from '@kerygma/domain/contracts/contract';
import type { multicastContracts } from '@kerygma/domain/contracts/multicast';
import {
  MULTICAST_MAX_PER_BROADCASTER,
  type Multicast,
  PLATFORM_INGEST_URLS,
} from '@kerygma/domain/contracts/multicast';
import { isSiteAdmin } from '@kerygma/domain/roles';
import { roleHolder, type Session } from '../../accounts/guards.ts';
import { broadcasterExists } from '../../broadcaster-account/settings.queries.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, notFound } from '../../errors.ts';
import {
  countMulticasts,
  deleteMulticastRow,
  insertMulticast,
  type MulticastChangesRow,
  type MulticastRow,
  multicastOf,
  multicastsOf,
  updateMulticastRow,
} from './multicast.queries.ts';
import type { Restreams } from './restreams.ts';
import type { StreamSecrets } from './stream-secrets.ts';

/**
 * Restream destinations (spec §7 multicast calls): kept per broadcaster with their address and
 * key sealed, answered with the key masked, started and stopped through the process's restreams.
 * The route's guard has already checked the broadcaster's Admin role (or a site admin); the site's
 * own destinations (`system`) are changed by site admins alone.
 */
export type MulticastDeps = { db: Db; secrets: StreamSecrets; restreams: Restreams };
type Caller = Session & { broadcasterId: string };
type Body<K extends keyof typeof multicastContracts> = ContractInput<(typeof multicastContracts)[K]>['body'];

const refuse = (status: 403 | 409, key: string, params?: Record<string, number>) =>
  new ApiError(status, status === 403 ? 'forbidden' : 'conflict', { error: { key: `error.multicast.${key}`, params } });

/** The key's last four characters when it is long enough that they give little away; the length never. */
export function maskStreamKey(key: string): string {
  return `••••••••${key.length >= 12 ? key.slice(-4) : ''}`;
}

function answer(deps: MulticastDeps, row: MulticastRow): Multicast {
  return {
    multicast_id: row.multicast_id,
    broadcaster_id: row.broadcaster_id,
    disabled: row.disabled,
    stream_platform: row.stream_platform,
    status: row.status,
    stream_label: row.stream_label,
    stream_url: deps.secrets.open('stream_url', row.stream_url_sealed),
    stream_key: maskStreamKey(deps.secrets.open('stream_key', row.stream_key_sealed)),
    auto_start: row.auto_start,
    system: row.system,
    last_event: row.last_event,
  };
}

async function requireBroadcaster(db: Db, broadcasterId: string) {
  if (!(await broadcasterExists(db, broadcasterId))) throw notFound('error.broadcasterNotFound');
}

/** The caller's destination: 404 when it is not the broadcaster's, 403 when it is the site's and the caller no site admin. */
async function destination(deps: MulticastDeps, caller: Caller, multicastId: number): Promise<MulticastRow> {
  const row = await multicastOf(deps.db, caller.broadcasterId, multicastId);
  if (!row) throw notFound('error.multicast.notFound');
  if (row.system && !isSiteAdmin(roleHolder(caller.user))) throw refuse(403, 'systemOnly');
  return row;
}

const reread = async (deps: MulticastDeps, row: MulticastRow) =>
  answer(deps, (await multicastOf(deps.db, row.broadcaster_id, row.multicast_id)) ?? row);

export async function listMulticasts(deps: MulticastDeps, caller: Caller, includeSystem: boolean) {
  await requireBroadcaster(deps.db, caller.broadcasterId);
  const rows = await multicastsOf(deps.db, caller.broadcasterId, includeSystem);
  return { results: rows.map((r) => answer(deps, r)) };
}

export async function createMulticast(deps: MulticastDeps, caller: Caller, body: Body<'createMulticast'>) {
  await requireBroadcaster(deps.db, caller.broadcasterId);
  if (body.system && !isSiteAdmin(roleHolder(caller.user))) throw refuse(403, 'systemOnly');
  const url = body.stream_url ?? (PLATFORM_INGEST_URLS[body.stream_platform] as string);
  const id = await deps.db.transaction(async (tx) => {
    // Serialises a broadcaster's creations, so that two at once cannot pass the limit together.
    await tx.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = $1 FOR UPDATE', [caller.broadcasterId]);
    if ((await countMulticasts(tx, caller.broadcasterId)) >= MULTICAST_MAX_PER_BROADCASTER)
      throw refuse(409, 'tooMany', { max: MULTICAST_MAX_PER_BROADCASTER });
    return insertMulticast(tx, {
      broadcaster_id: caller.broadcasterId,
      stream_platform: body.stream_platform,
      stream_label: body.stream_label,
      stream_url_sealed: deps.secrets.seal('stream_url', url),
      stream_key_sealed: deps.secrets.seal('stream_key', body.stream_key),
      auto_start: body.auto_start,
      disabled: body.disabled,
      system: body.system,
    });
  });
  return answer(deps, (await multicastOf(deps.db, caller.broadcasterId, id)) as MulticastRow);
}

export async function updateMulticast(
  deps: MulticastDeps,
  caller: Caller,
  multicastId: number,
  body: Body<'updateMulticast'>,
) {
  const row = await destination(deps, caller, multicastId);
  // A destination moved to another platform without an address of its own takes that platform's.
  const url =
    body.stream_url ??
    (body.stream_platform && body.stream_platform !== row.stream_platform
      ? PLATFORM_INGEST_URLS[body.stream_platform]
      : undefined);
  const changes: MulticastChangesRow = {
    stream_platform: body.stream_platform,
    stream_label: body.stream_label,
    stream_url_sealed: url === undefined ? undefined : deps.secrets.seal('stream_url', url),
    stream_key_sealed: body.stream_key === undefined ? undefined : deps.secrets.seal('stream_key', body.stream_key),
    auto_start: body.auto_start,
    disabled: body.disabled,
  };
  await deps.db.transaction((tx) => updateMulticastRow(tx, multicastId, changes));
  if (body.disabled) await deps.restreams.stop(multicastId);
  return reread(deps, row);
}

export async function deleteMulticast(deps: MulticastDeps, caller: Caller, multicastId: number) {
  await destination(deps, caller, multicastId);
  await deps.restreams.stop(multicastId);
  return { deleted: await deps.db.transaction((tx) => deleteMulticastRow(tx, multicastId)) };
}

export async function startMulticast(deps: MulticastDeps, caller: Caller, multicastId: number) {
  const row = await destination(deps, caller, multicastId);
  if (row.disabled) throw refuse(409, 'disabled');
  if (!(await deps.restreams.start(row))) throw refuse(409, 'notLive');
  return reread(deps, row);
}

export async function stopMulticast(deps: MulticastDeps, caller: Caller, multicastId: number) {
  const row = await destination(deps, caller, multicastId);
  await deps.restreams.stop(multicastId);
  return reread(deps, row);
}

export async function restartMulticast(deps: MulticastDeps, caller: Caller, multicastId: number) {
  const row = await destination(deps, caller, multicastId);
  if (row.disabled) throw refuse(409, 'disabled');
  if (!deps.restreams.liveSource(row.broadcaster_id)) throw refuse(409, 'notLive');
  await deps.restreams.stop(multicastId);
  // Read again: the address and key as saved now.
  await deps.restreams.start((await multicastOf(deps.db, row.broadcaster_id, multicastId)) ?? row);
  return reread(deps, row);
}

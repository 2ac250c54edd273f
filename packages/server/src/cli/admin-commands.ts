import { emailSchema, passwordSchema, usernameSchema } from '@kerygma/domain/account-rules';
import { BROADCASTER_ACCOUNT_RULES, SIGNUP_COUPON_KINDS } from '@kerygma/domain/broadcaster-account-values';
import { z } from 'zod';
import { createVerified, makeSiteAdmin } from '../accounts/admin-users.ts';
import type { Db } from '../db/db.ts';
import { createApiKey } from '../media/api-keys.ts';
import type { MediaStore } from '../storage/store.ts';

/**
 * The commands that change data from the command line (`pnpm api-key`, `pnpm seed`,
 * `pnpm user:admin`, `pnpm coupon`), each run
 * against an open database: the running server's (sent through cli/admin-channel.ts) or the
 * command's own (cli/command-line.ts).
 */
export const adminRequest = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('api-key'),
    broadcasterId: z.string().trim().toLowerCase().min(1).max(100),
    label: z.string().max(200),
  }),
  z.object({ command: z.literal('seed'), reset: z.boolean() }),
  /** Gives an account a broadcaster role (spec §6: 2 Admin, 3 Uploader, 4 Biller); the e2e journeys' managers. */
  z.object({
    command: z.literal('broadcaster-role'),
    username: z.string().min(1).max(254),
    broadcasterId: z.string().trim().toLowerCase().min(1).max(100),
    role: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  }),
  /** Makes a verified account with the given password (staff accounts; the e2e journeys' listeners). */
  z.object({
    command: z.literal('user'),
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
  /** Makes (or changes) a sign-up coupon, or removes it (`kind` null). */
  z.object({
    command: z.literal('coupon'),
    code: z
      .string()
      .trim()
      .toLowerCase()
      .min(1)
      .max(BROADCASTER_ACCOUNT_RULES.couponMaxLength)
      .regex(/^[a-z0-9-]+$/, 'letters, digits and hyphens only'),
    kind: z.enum(SIGNUP_COUPON_KINDS).nullable(),
    description: z.string().trim().max(200),
  }),
  z.object({
    command: z.literal('site-admin'),
    name: z.string().trim().min(1).max(254),
    email: z.string().trim().min(3).max(254).optional(),
  }),
]);

export type AdminRequest = z.infer<typeof adminRequest>;

/** What the command prints: `text` on stdout when ok, else on stderr with exit code 1. */
export type CommandResult = { ok: boolean; text: string };

export type CommandDeps = {
  db: Db;
  media: MediaStore;
  mediaDir: string;
  /** Where the database is, as the seed's summary names it. */
  where: string;
};

export async function runAdminCommand(
  request: AdminRequest,
  deps: CommandDeps,
  say: (line: string) => void,
): Promise<CommandResult> {
  if (request.command === 'api-key') {
    const [exists] = await deps.db.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = $1', [
      request.broadcasterId,
    ]);
    if (!exists) return { ok: false, text: `No broadcaster '${request.broadcasterId}'.` };
    return { ok: true, text: await createApiKey(deps.db, request.broadcasterId, request.label) };
  }
  if (request.command === 'user') {
    try {
      const user = await createVerified(deps.db, request.username, request.email, request.password);
      return { ok: true, text: `Created ${user.username}, verified.` };
    } catch (error) {
      return { ok: false, text: (error as Error).message };
    }
  }
  if (request.command === 'broadcaster-role') {
    const rows = await deps.db.query(
      `INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role)
       SELECT u.user_id, b.broadcaster_id, $3 FROM app_user u, broadcaster b
       WHERE lower(u.username) = lower($1) AND b.broadcaster_id = $2
       ON CONFLICT DO NOTHING RETURNING 1`,
      [request.username, request.broadcasterId, request.role],
    );
    return rows.length > 0
      ? { ok: true, text: `${request.username} holds role ${request.role} at ${request.broadcasterId}.` }
      : { ok: false, text: `No such account or broadcaster, or the role was held already.` };
  }
  if (request.command === 'coupon') {
    if (request.kind === null) {
      const removed = await deps.db.query('DELETE FROM signup_coupon WHERE code = $1 RETURNING 1', [request.code]);
      return removed.length
        ? { ok: true, text: `Removed the coupon ${request.code}.` }
        : { ok: false, text: `There is no coupon ${request.code}.` };
    }
    await deps.db.query(
      `INSERT INTO signup_coupon (code, kind, description) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO UPDATE SET kind = $2, description = $3`,
      [request.code, request.kind, request.description],
    );
    return {
      ok: true,
      text: `The coupon ${request.code} (${request.kind}) is ready: /broadcaster/sign-up?coupon=${request.code}`,
    };
  }
  if (request.command === 'site-admin') {
    try {
      const made = await makeSiteAdmin(deps.db, request.name, request.email);
      if (made.created)
        return {
          ok: true,
          text: `Created the site admin ${made.username}, verified. Its password, shown this once:\n${made.password}`,
        };
      return {
        ok: true,
        text: made.wasAdmin ? `${made.username} is already a site admin.` : `${made.username} is now a site admin.`,
      };
    } catch (error) {
      return { ok: false, text: (error as Error).message };
    }
  }
  // Loaded when asked for: the server never loads the demo generator otherwise.
  const { seedDemo } = await import('../seed/seed.ts');
  const result = await seedDemo(deps.db, {
    media: deps.media,
    mediaDir: deps.mediaDir,
    reset: request.reset,
    log: say,
  });
  if (!result.seeded)
    return { ok: true, text: 'The database already has sermons; run `pnpm seed --reset` to replace them.' };
  const c = result.counts;
  return {
    ok: true,
    text: [
      `Seeded ${deps.where} in ${result.seconds.toFixed(1)} s:`,
      `  ${c.broadcasters} broadcasters, ${c.speakers} speakers, ${c.series} series, ${c.sermons} sermons`,
      `  ${c.scriptureRows} scripture rows, ${c.topics} topics`,
      `  media of ${c.mediaSermons} sermons queued: the server's worker (\`pnpm start\`) renders and encodes them`,
    ].join('\n'),
  };
}

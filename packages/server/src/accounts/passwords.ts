import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id's cost, chosen so that one verification (a sign-in) costs 50-100 ms of CPU on the
 * reference machine (bench/README.md, "Password hashing"). The parameters are stored in each
 * hash, so raising them later keeps old hashes valid.
 */
export const PASSWORD_HASH_COST = { memoryCost: 65_536, timeCost: 3 } as const;

type Cost = { memoryCost: number; timeCost: number };

export const hashPassword = (password: string, cost: Cost = PASSWORD_HASH_COST): Promise<string> =>
  hash(password, { ...cost, parallelism: 1 }); // argon2id is the package's default algorithm

export const passwordMatches = (stored: string, password: string): Promise<boolean> =>
  verify(stored, password).catch(() => false);

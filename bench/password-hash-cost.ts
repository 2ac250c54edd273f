/**
 * CPU time of one argon2id verification (what a sign-in costs) at the server's cost and at the
 * costs around it. Run: node bench/password-hash-cost.ts
 */
import { hashPassword, PASSWORD_HASH_COST, passwordMatches } from '../packages/server/src/accounts/passwords.ts';

const candidates = [{ memoryCost: 47_104, timeCost: 2 }, PASSWORD_HASH_COST, { memoryCost: 65_536, timeCost: 4 }];
for (const cost of candidates) {
  const stored = await hashPassword('correct horse battery staple', cost);
  const runs = 20;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < runs; i++) await passwordMatches(stored, 'correct horse battery staple');
  const cpu = process.cpuUsage(cpuBefore);
  const wall = (performance.now() - wallBefore) / runs;
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
  console.log(
    `m=${cost.memoryCost} KiB t=${cost.timeCost}: ${cpuMs.toFixed(1)} ms CPU, ${wall.toFixed(1)} ms wall per verification`,
  );
}

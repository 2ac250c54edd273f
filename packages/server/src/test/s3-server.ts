/// <reference path="./s3rver.d.ts" />
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type S3Config, s3Client } from '../storage/s3-store.ts';

export type TestS3 = {
  /** 'ceph-rgw' (Ceph's S3 gateway, Debian's radosgw package) or 's3rver' (a stand-in on npm). */
  server: 'ceph-rgw' | 's3rver';
  /** A new empty private bucket on the server. */
  newBucket(): Promise<S3Config>;
  close(): Promise<void>;
};

/** Whether Ceph's S3 gateway is installed (CI installs it; see .ci/run). */
export const HAS_CEPH_RGW = onPath('radosgw') && onPath('ceph-mon') && onPath('ceph-osd');

/**
 * A local S3-compatible server for tests: Ceph's RADOS Gateway on a one-node Ceph cluster held
 * in memory when radosgw is installed, else s3rver (the S3 REST API in Node, objects on disk; it
 * checks the access key but not signatures).
 */
export async function startTestS3(): Promise<TestS3> {
  return HAS_CEPH_RGW ? startCephRgw() : startS3rver();
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function serverOn(
  endpoint: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
): TestS3['newBucket'] {
  let count = 0;
  return async () => {
    const config: S3Config = {
      bucket: `kerygma-${++count}-${randomUUID().slice(0, 8)}`,
      endpoint,
      region: 'us-east-1',
      ...credentials,
      forcePathStyle: true,
      publicUrl: undefined,
    };
    const client = s3Client(config);
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    client.destroy();
    return config;
  };
}

async function startS3rver(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kerygma-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    server: 's3rver',
    // s3rver's built-in account.
    newBucket: serverOn(`http://127.0.0.1:${port}`, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * One monitor, one OSD on memstore (objects in RAM) and radosgw, without authentication between
 * them (the gateway still checks SigV4 signatures of S3 requests). Starts in about 5 s.
 */
async function startCephRgw(): Promise<TestS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kerygma-ceph-'));
  for (const sub of ['mon', 'osd']) mkdirSync(path.join(dir, sub));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const fsid = randomUUID();
  const conf = path.join(dir, 'ceph.conf');
  writeFileSync(
    conf,
    `[global]
fsid = ${fsid}
mon host = v1:127.0.0.1:${monPort}
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
osd objectstore = memstore
memstore device bytes = 536870912
osd crush chooseleaf type = 0
run dir = ${dir}
log file = ${dir}/$name.log
admin socket = ${dir}/$name.asok
keyring = ${dir}/keyring
[mon.a]
mon data = ${dir}/mon
[osd.0]
osd data = ${dir}/osd
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
`,
  );
  const c = ['-c', conf];
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { cwd: dir, stdio: 'pipe', timeout: 60_000 });
  const daemons: ChildProcess[] = [];
  const daemon = (command: string, args: string[]) =>
    daemons.push(spawn(command, [...c, '-f', ...args], { cwd: dir, stdio: 'ignore' }));
  const close = async () => {
    for (const d of daemons) d.kill('SIGKILL');
    await Promise.all(daemons.map((d) => (d.exitCode === null ? new Promise((r) => d.once('exit', r)) : null)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('ceph-authtool', ['--create-keyring', `${dir}/keyring`, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']);
    run('monmaptool', ['--create', '--fsid', fsid, '--add', 'a', `v1:127.0.0.1:${monPort}`, `${dir}/monmap`]);
    run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', `${dir}/monmap`]);
    daemon('ceph-mon', ['-i', 'a']);
    const osdUuid = randomUUID();
    run('ceph', [...c, '--connect-timeout', '30', 'osd', 'new', osdUuid, '0']);
    run('ceph-osd', [...c, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    daemon('ceph-osd', ['-i', '0']);
    daemon('radosgw', ['-n', 'client.rgw']);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    // The gateway listens once it has made its pools, which needs the OSD up.
    for (let i = 0; ; i++) {
      if (
        await fetch(endpoint).then(
          () => true,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error(`radosgw did not start; see ${dir}/client.rgw.log`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const credentials = { accessKeyId: 'KERYGMATEST', secretAccessKey: randomUUID() };
    run('radosgw-admin', [
      ...c,
      'user',
      'create',
      '--uid=kerygma',
      '--display-name=Kerygma tests',
      `--access-key=${credentials.accessKeyId}`,
      `--secret-key=${credentials.secretAccessKey}`,
    ]);
    return { server: 'ceph-rgw', newBucket: serverOn(endpoint, credentials), close };
  } catch (error) {
    await close();
    throw error;
  }
}

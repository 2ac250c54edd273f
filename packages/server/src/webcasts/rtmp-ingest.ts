/// <reference path="./node-media-server.d.ts" />
import { createRequire } from 'node:module';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

/**
 * The RTMP listener (DESIGN: a maintained server library, not a home-made RTMP stack):
 * node-media-server's RTMP sessions on a socket server of our own, so a busy port is an error
 * for the caller rather than the library's process.exit, and nothing else of the library (its
 * HTTP server, store, recorder) runs. Publishers push to rtmp://host:port/live/<streamKey>;
 * `onPublish` decides whether a publish is accepted. Playing a stream back (ffmpeg repackaging
 * it, a restream) is allowed from this machine only. With `tls`, RTMPS too: a TLS server on its
 * own port whose decrypted sockets go to the same RTMP sessions (rtmps://host:port/live/<key>),
 * each session seeing its publisher's real address.
 */

const require = createRequire(import.meta.url);
const Context =
  require('node-media-server/src/core/context.js') as typeof import('node-media-server/src/core/context.js');
const logger = require('node-media-server/src/core/logger.js') as typeof import('node-media-server/src/core/logger.js');
const RtmpSession =
  require('node-media-server/src/session/rtmp_session.js') as typeof import('node-media-server/src/session/rtmp_session.js');

type Session = InstanceType<typeof RtmpSession>;

/** One accepted publisher: which key it pushed to, and a way to learn when it goes. */
export type Publisher = {
  sessionId: string;
  streamKey: string;
  /** Ends the publisher's connection. */
  close(): void;
  /** Called once, when the publisher's connection closes. */
  onClose(listener: () => void): void;
};

export type RtmpIngestOptions = {
  port: number;
  host?: string;
  /** RTMPS: the port and the PEM certificate and key; none: plain RTMP only. */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  /** Resolves true to keep the publisher, false to refuse it (its connection is closed). */
  onPublish(publisher: Publisher): Promise<boolean>;
  onError?(error: unknown): void;
};

export type RtmpIngest = {
  port: number;
  /** The RTMPS port, when RTMPS is on. */
  tlsPort: number | null;
  /** The local address a stream key's stream is played from (ffmpeg, restreams). */
  localUrl(streamKey: string): string;
  stop(): Promise<void>;
};

/** The application name in the publish URL (rtmp://host/live/<key>). */
export const RTMP_APP = 'live';

const isLoopback = (ip: string) => /^(127\.|::1|::ffff:127\.)/.test(ip);

// node-media-server keeps its sessions and events in one module-level context: one ingest per process.
let running = false;

export async function startRtmpIngest(options: RtmpIngestOptions): Promise<RtmpIngest> {
  if (running) throw new Error('An RTMP ingest already runs in this process');
  running = true;
  logger.level = 'error';
  Context.config = {};
  const sockets = new Set<Socket>();

  const onPostPublish = (session: Session) => {
    if (session.streamApp !== RTMP_APP) {
      session.close();
      return;
    }
    // node-media-server keeps a gone publisher's stream (its track headers and last GOP) for a
    // grace period and hands it to the same address's next publish as a resumption: a publish
    // whose tracks differ (audio only after video) reached ffmpeg with the old video track and
    // was never packaged. Each publish starts afresh; a webcast resumes in live-ingest.ts.
    session.broadcast.publishGraceMs = 0;
    const closeListeners: (() => void)[] = [];
    session.socket.once('close', () => {
      // Its players (ffmpeg repackaging it, restreams) are told the stream ended, rather than
      // waiting through the library's reconnection grace.
      for (const other of Context.sessions.values() as Iterable<Session>) {
        if (!other.isPublisher && other.streamPath === session.streamPath) other.close();
      }
      for (const l of closeListeners) l();
    });
    const publisher: Publisher = {
      sessionId: session.id,
      streamKey: session.streamName,
      close: () => session.close(),
      onClose: (l) => {
        if (session.socket.destroyed) l();
        else closeListeners.push(l);
      },
    };
    options.onPublish(publisher).then(
      (accepted) => {
        if (!accepted) session.close();
      },
      (error) => {
        options.onError?.(error);
        session.close();
      },
    );
  };
  const onPrePlay = (session: Session) => {
    if (!isLoopback(session.ip)) session.close();
  };
  Context.eventEmitter.on('postPublish', onPostPublish);
  Context.eventEmitter.on('prePlay', onPrePlay);

  const session = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const session = new RtmpSession(socket);
    session.run();
    Context.sessions.set(session.id, session);
  };
  const servers: Server[] = [createServer(session)];
  if (options.tls) {
    const tlsServer = createTlsServer({ cert: options.tls.cert, key: options.tls.key }, session);
    // A client that fails the handshake is only that client's problem.
    tlsServer.on('tlsClientError', (_error, socket) => socket.destroy());
    servers.push(tlsServer);
  }
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const close = (server: Server) =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  let ports: number[];
  try {
    ports = [
      await listen(servers[0] as Server, options.port),
      ...(options.tls ? [await listen(servers[1] as Server, options.tls.port)] : []),
    ];
  } catch (error) {
    await Promise.all(servers.map(close));
    Context.eventEmitter.off('postPublish', onPostPublish);
    Context.eventEmitter.off('prePlay', onPrePlay);
    running = false;
    throw error;
  }
  const port = ports[0] as number;
  return {
    port,
    tlsPort: ports[1] ?? null,
    localUrl: (streamKey) => `rtmp://127.0.0.1:${port}/${RTMP_APP}/${streamKey}`,
    stop: async () => {
      Context.eventEmitter.off('postPublish', onPostPublish);
      Context.eventEmitter.off('prePlay', onPrePlay);
      const closed = Promise.all(servers.map(close));
      for (const socket of sockets) socket.destroy();
      await closed;
      running = false;
    },
  };
}

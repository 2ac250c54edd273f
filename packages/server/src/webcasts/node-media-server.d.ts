// The parts of node-media-server (v4, plain JavaScript) the RTMP ingest uses (rtmp-ingest.ts).
declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';

  const Context: { config: Record<string, unknown>; eventEmitter: EventEmitter; sessions: Map<string, unknown> };
  export = Context;
}
declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export = logger;
}
declare module 'node-media-server/src/session/rtmp_session.js' {
  import type { Socket } from 'node:net';

  class RtmpSession {
    constructor(socket: Socket);
    id: string;
    ip: string;
    socket: Socket;
    isPublisher: boolean;
    streamApp: string;
    streamName: string;
    streamPath: string;
    /** The stream's broadcast; `publishGraceMs`: how long a gone publisher's stream is kept for a resumption. */
    broadcast: { publishGraceMs: number };
    videoCodec: number;
    audioCodec: number;
    inBytes: number;
    run(): void;
    close(): void;
  }
  export = RtmpSession;
}

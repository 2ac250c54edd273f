import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('search vector job pause', () => {
  it('runs batches back to back unless SEARCH_REFRESH_PAUSE_MS is set', () => {
    expect(loadConfig({}).searchRefreshPauseMs).toBe(0);
    expect(loadConfig({ SEARCH_REFRESH_PAUSE_MS: '250' }).searchRefreshPauseMs).toBe(250);
  });

  it('names the variable when its value is not whole milliseconds from 0 to 10,000', () => {
    for (const value of ['-1', '1.5', 'soon', '20000']) {
      expect(() => loadConfig({ SEARCH_REFRESH_PAUSE_MS: value })).toThrow(/^Invalid SEARCH_REFRESH_PAUSE_MS: [^\n]*$/);
    }
  });
});

describe('automatic transcripts configuration', () => {
  it('transcribes with what it finds and backfills unless told not to; WHISPER_MODEL is resolved', () => {
    expect(loadConfig({}).transcripts).toEqual({ mode: 'auto', whisperModel: undefined, backfill: true });
    const set = loadConfig({ TRANSCRIPTS: 'off', WHISPER_MODEL: '/models/ggml-base.bin', TRANSCRIPT_BACKFILL: 'off' });
    expect(set.transcripts).toEqual({ mode: 'off', whisperModel: '/models/ggml-base.bin', backfill: false });
    expect(() => loadConfig({ TRANSCRIPTS: 'sometimes' })).toThrow(/^Invalid TRANSCRIPTS: [^\n]*$/);
  });
});

describe('media storage configuration', () => {
  it('keeps media on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads an S3-compatible bucket', () => {
    const c = loadConfig({
      S3_BUCKET: 'sermons',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.org/sermons/',
    });
    expect(c.s3).toEqual({
      bucket: 'sermons',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.org/sermons',
    });
  });

  it('leaves credentials to the AWS SDK when no keys are given', () => {
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      accessKeyId: undefined,
      forcePathStyle: false,
    });
  });

  it('names the variable that is wrong or missing', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /^Invalid S3_BUCKET: required with S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/^Invalid S3_SECRET_ACCESS_KEY: /);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/^Invalid S3_ENDPOINT: /);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /^Invalid S3_FORCE_PATH_STYLE: /,
    );
  });
});

describe('HTTP limits', () => {
  it('defaults: 600 API requests a minute per address, 30 s for headers, 60 s idle, 72 s keep-alive', () => {
    const c = loadConfig({});
    expect(c.apiRateLimit).toEqual({ limit: 600, windowMs: 60_000 });
    expect(c.httpTimeouts).toEqual({ headersMs: 30_000, idleMs: 60_000, keepAliveMs: 72_000, requestMs: 0 });
    expect(loadConfig({ API_RATE_LIMIT: '0' }).apiRateLimit.limit).toBe(0);
  });

  it('names the variable when a value is wrong', () => {
    for (const [name, value] of [
      ['API_RATE_LIMIT', '-1'],
      ['API_RATE_LIMIT_WINDOW_SECONDS', '0'],
      ['HTTP_IDLE_TIMEOUT_SECONDS', 'soon'],
      ['HTTP_HEADERS_TIMEOUT_SECONDS', '1.5'],
      ['HTTP_REQUEST_TIMEOUT_SECONDS', '10'], // shorter than the headers' 30 s
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: [^\\n]*$`));
    }
  });
});

describe('classic admin origins', () => {
  it('are none unless CLASSIC_ADMIN_ORIGINS is set; commas or spaces separate them', () => {
    expect(loadConfig({}).classicAdminOrigins).toEqual([]);
    expect(
      loadConfig({ CLASSIC_ADMIN_ORIGINS: 'https://admin.example.org, https://old.example.org:8443/' })
        .classicAdminOrigins,
    ).toEqual(['https://admin.example.org', 'https://old.example.org:8443']);
  });

  it('must be https origins, without a path', () => {
    for (const value of ['http://admin.example.org', 'https://admin.example.org/django', 'admin.example.org', '*'])
      expect(() => loadConfig({ CLASSIC_ADMIN_ORIGINS: value })).toThrow(
        /^Invalid CLASSIC_ADMIN_ORIGINS: .*https origin/,
      );
  });
});

describe('webcast stops and RTMPS', () => {
  it('stops after 6 hours, or 2 unattended; RTMPS off unless a certificate and a key are given', () => {
    const { webcasts } = loadConfig({});
    expect(webcasts.stops).toEqual({ overlongMs: 6 * 3_600_000, unattendedMs: 2 * 3_600_000, cooldownMs: 30 * 60_000 });
    expect(webcasts.rtmps).toBeNull();
    const on = loadConfig({ RTMPS_CERT: 'c.pem', RTMPS_KEY: 'k.pem', RTMPS_PORT: '8443' }).webcasts.rtmps;
    expect(on).toMatchObject({ port: 8443, certFile: expect.stringMatching(/\/c\.pem$/) });
  });
  it('names what is missing', () => {
    expect(() => loadConfig({ RTMPS_CERT: 'c.pem' })).toThrow(/^Invalid RTMPS_KEY: /);
    expect(() => loadConfig({ RTMPS_CERT: 'c.pem', RTMPS_KEY: 'k.pem', RTMP_PORT: 'off' })).toThrow(
      /^Invalid RTMPS_CERT: /,
    );
    expect(() => loadConfig({ WEBCAST_UNATTENDED_HOURS: '0' })).toThrow(/^Invalid WEBCAST_UNATTENDED_HOURS: /);
  });
});

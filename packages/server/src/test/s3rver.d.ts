// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

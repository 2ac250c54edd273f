// Moved to ../storage/ (local disk and S3-compatible stores); kept so that callers move over in their own time.
export { localMediaStore } from '../storage/local-store.ts';
export type { MediaStore } from '../storage/store.ts';

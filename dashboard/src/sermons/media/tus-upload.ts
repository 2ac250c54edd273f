import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { api } from '../sermon-api.ts';

/**
 * Sends a file to a sermon over tus (the server's `POST media` slot, then its `uploadURL`): a
 * real progress bar; a dropped connection is retried and resumes from the byte the server has;
 * the slot is remembered per sermon and file, so picking the same file again after a reload
 * resumes it too.
 */
export type UploadType = 'original-audio' | 'original-video' | 'caption';
export type UploadStatus =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number; retrying: boolean }
  | { kind: 'failed'; sent: number; total: number; message: string }
  | { kind: 'done'; guid: string };

/** Retries after a dropped connection: soon, then every 10 s for about five minutes. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, ...Array.from({ length: 30 }, () => 10_000)];
/** Each PATCH carries at most this much: a connection dropped mid-way loses little. */
const CHUNK_BYTES = 8 * 1024 * 1024;

type Remembered = { uploadURL: string; guid: string };
const rememberKey = (sermonID: string, type: UploadType, file: File) =>
  `kerygma-upload-${sermonID}-${type}-${file.name}-${file.size}-${file.lastModified}`;

function recall(key: string): Remembered | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as Remembered) : null;
  } catch {
    return null;
  }
}
function remember(key: string, value: Remembered | null): void {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // Storage refused: a reload starts the file again.
  }
}

export function useTusUpload(sermonID: string, language?: string) {
  const [status, setStatus] = useState<UploadStatus>({ kind: 'idle' });
  const current = useRef<Upload | null>(null);
  useEffect(() => () => void current.current?.abort(), []);

  const start = useCallback(
    async (file: File, type: UploadType) => {
      const key = rememberKey(sermonID, type, file);
      setStatus({ kind: 'uploading', sent: 0, total: file.size, retrying: false });
      let slot = recall(key);
      const resuming = slot !== null;
      try {
        if (!slot) {
          const answer = await api.startUpload({
            body: { sermonID, uploadType: type, filenames: file.name, ...(language ? { language } : {}) },
          });
          slot = { uploadURL: answer.uploadURL, guid: answer.guid };
          remember(key, slot);
        }
      } catch (error) {
        setStatus({ kind: 'failed', sent: 0, total: file.size, message: String((error as Error).message) });
        return;
      }
      const { uploadURL, guid } = slot;
      let sent = 0;
      const upload = new Upload(file, {
        endpoint: uploadURL,
        // A slot from before a reload: the server is asked where it stands (HEAD) and the file
        // goes on from there (or starts, if its bytes never began).
        uploadUrl: resuming ? uploadURL : null,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        storeFingerprintForResuming: false,
        metadata: { filename: file.name, filetype: file.type },
        onProgress: (bytes, total) => {
          sent = bytes;
          setStatus({ kind: 'uploading', sent: bytes, total, retrying: false });
        },
        onShouldRetry: () => {
          setStatus({ kind: 'uploading', sent, total: file.size, retrying: true });
          return true;
        },
        onError: (error) => {
          setStatus({ kind: 'failed', sent, total: file.size, message: error.message });
        },
        onSuccess: () => {
          remember(key, null);
          setStatus({ kind: 'done', guid });
        },
      });
      current.current = upload;
      upload.start();
    },
    [sermonID, language],
  );

  /** After a failure: the same upload goes on from the byte the server has. */
  const resume = useCallback(() => {
    const upload = current.current;
    if (!upload) return;
    setStatus((s) => (s.kind === 'failed' ? { kind: 'uploading', sent: s.sent, total: s.total, retrying: true } : s));
    upload.start();
  }, []);

  return { status, start, resume };
}

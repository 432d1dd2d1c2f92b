import type { Readable } from 'node:stream';

/** A stored object as the storage reports it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where uploaded bytes live: the local disk under DATA_DIR (embedded default) or an S3-compatible
 * bucket (deployments with several API replicas). Keys are relative paths (`2026/11/<uuid>.png`).
 */
export interface FileStorage {
  /** Stores the bytes under `key` (replacing what was there). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when nothing is stored there. */
  read(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Deletes the keys; a key that is already gone is not an error. */
  delete(keys: string[]): Promise<void>;
  /** Every stored object, for the orphan sweep. */
  list(): AsyncIterable<StoredObject>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

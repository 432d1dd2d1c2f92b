import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStorage, StoredObject } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2...); unset: AWS. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Files in an S3-compatible bucket, for deployments with several API replicas. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  /** Required by the constructor, not at the top: only a deployment storing in S3 loads the SDK (about 35 MB). */
  private readonly s3: typeof import('@aws-sdk/client-s3');

  constructor(private readonly options: S3StorageOptions) {
    this.s3 = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
    this.client = new this.s3.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      // MinIO and most self-hosted stores only answer path-style addresses.
      forcePathStyle: options.endpoint !== undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new this.s3.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async read(key: string) {
    try {
      const answer = await this.client.send(new this.s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof this.s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys per call.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(new this.s3.DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const answer = await this.client.send(new this.s3.ListObjectsV2Command({ Bucket: this.options.bucket, ContinuationToken: token }));
      for (const item of answer.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
  }
}

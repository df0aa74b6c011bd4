import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Settings } from "../../../core/config.mjs";
import { s3ClientConfig } from "../../../core/s3-client.mjs";
import type * as Store from "./file-store.server";
import { checkedKey, derivedFolder } from "./file-store.server";
import { LocalDiskStore, contentKey, writeUnfinished } from "./local-disk.server";

/** Where uploads wait on the local disk while they are hashed, before they go to the bucket (under UPLOADS_DIR). */
const STAGING_FOLDER = ".staging";

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");
}

/**
 * The S3-compatible backend (docs/decisions/030-object-storage.md): key "images/x.jpg" is the object
 * "images/x.jpg" of the bucket, the same keys as on disk. Content is first written to a `.part`
 * file under UPLOADS_DIR/.staging and hashed there, then sent with its length known (one PUT, no
 * chunked upload: servers such as Swift's s3api take nothing else); a crash leaves only that local
 * file, which `sweepUnfinished` removes, never a half object, since a PUT is atomic.
 */
export class S3Store implements Store.FileStore {
  private readonly client: S3Client;
  /** The local side: staging, and the unfinished writes of the request edge (UPLOADS_DIR/tmp). */
  private readonly local: LocalDiskStore;

  constructor(
    readonly settings: S3Settings,
    readonly localRoot: string,
  ) {
    this.client = new S3Client(s3ClientConfig(settings));
    this.local = new LocalDiskStore(localRoot);
  }

  /** Sends a staged file under `key`, then removes it from the local disk whatever happened. */
  private async send(key: string, temp: string, size: number): Promise<void> {
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: createReadStream(temp), ContentLength: size }));
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async put(folder: Store.StoredFolder, content: Store.FileContent, extension: string) {
    const { temp, hash, size } = await writeUnfinished(path.join(this.localRoot, STAGING_FOLDER), content);
    const key = contentKey(folder, hash, extension);
    // Same bytes, same key: an object already there holds them, so it is not sent again.
    if ((await this.stat(key))?.size === size) {
      await fs.rm(temp, { force: true });
      return { key, size };
    }
    await this.send(key, temp, size);
    return { key, size };
  }

  async write(key: string, content: Store.FileContent) {
    checkedKey(key);
    const { temp, size } = await writeUnfinished(path.join(this.localRoot, STAGING_FOLDER), content);
    await this.send(key, temp, size);
  }

  async stat(key: string): Promise<Store.StoredInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string, range?: Store.ByteRange): Promise<Store.OpenedFile | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // With a range, the whole size is the part of Content-Range after the slash.
      const size = range && object.ContentRange ? Number(object.ContentRange.split("/")[1]) : (object.ContentLength ?? 0);
      return { key, size, modifiedAt: object.LastModified ?? new Date(0), stream: object.Body as Readable };
    } catch (error) {
      if (isMissing(error)) return null;
      // A range past the end: no bytes, as the disk store answers it.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        const stat = await this.stat(key);
        return stat && { ...stat, stream: Readable.from([]) };
      }
      throw error;
    }
  }

  async exists(key: string) {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string) {
    // Deleting a missing object succeeds in S3: nothing to check first.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
    for await (const derived of this.list(`${derivedFolder(key)}/`)) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: derived.key }));
    }
  }

  async *list(prefix: string): AsyncIterable<Store.StoredInfo> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix.endsWith("/") ? prefix : `${prefix}/`, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** Unfinished writes are local only (staging and the request edge's parts): a PUT is atomic. */
  sweepUnfinished(olderThan: Date): Promise<string[]> {
    return this.local.sweepUnfinished(olderThan);
  }

  /** A URL that reads `key` straight from the bucket for `expiresInSeconds`, sent with `contentType`. */
  signedUrl(key: string, { contentType, expiresInSeconds }: { contentType: string; expiresInSeconds: number }): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key), ResponseContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }
}

/**
 * The origin presigned URLs point at, for the Content-Security-Policy's media-src; null when /media
 * streams every file itself (S3_PRESIGN_AUDIO off, or no object storage).
 */
export function presignedMediaOrigin(settings: S3Settings | undefined): string | null {
  if (!settings?.presignAudio) return null;
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  // Virtual-hosted style puts the bucket in the host name.
  return settings.forcePathStyle ? base.origin : `${base.protocol}//${settings.bucket}.${base.host}`;
}

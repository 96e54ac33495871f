import type { Config } from "../../config";
import { createDiskStorage } from "./disk";
import { createS3Storage } from "./s3";

/** Where uploaded images live: DATA_DIR/media on disk by default, S3-compatible storage when S3_* is set. */
export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Stores bytes under a key like `events/{id}/{hash}.webp` and returns the public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes every object under `prefix` except the keys listed (an upload replaces the old files). */
  removeUnder(prefix: string, keep?: string[]): Promise<void>;
}

export function createFileStorage(config: Config, mediaDir: string): FileStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === "true",
    });
  }
  return createDiskStorage(mediaDir);
}

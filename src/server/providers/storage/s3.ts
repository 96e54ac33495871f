import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { FileStorage } from "./storage";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the objects are publicly read from (a CDN or the bucket's public endpoint). */
  publicUrl: string;
  forcePathStyle: boolean;
}

/** Any S3-compatible object store (AWS S3, Cloudflare R2, MinIO, ...) through the official SDK. */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const base = options.publicUrl.replace(/\/$/, "");
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Keys carry a content hash, so a stored object never changes.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `${base}/${key}`;
    },
    async removeUnder(prefix, keep = []) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix }));
      const kept = new Set(keep);
      const stale = (listed.Contents ?? []).map((object) => object.Key!).filter((key) => key && !kept.has(key));
      if (stale.length) {
        await client.send(new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: stale.map((Key) => ({ Key })) } }));
      }
    },
  };
}

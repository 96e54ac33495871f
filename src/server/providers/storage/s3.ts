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
  // The SDK is loaded at the first upload, not at start-up (it is a large import).
  let connecting: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: import("@aws-sdk/client-s3").S3Client }> | null = null;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      }),
    })));
  const base = options.publicUrl.replace(/\/$/, "");
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
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
      const { sdk, client } = await connect();
      const listed = await client.send(new sdk.ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix }));
      const kept = new Set(keep);
      const stale = (listed.Contents ?? []).map((object) => object.Key!).filter((key) => key && !kept.has(key));
      if (stale.length) {
        await client.send(new sdk.DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: stale.map((Key) => ({ Key })) } }));
      }
    },
  };
}

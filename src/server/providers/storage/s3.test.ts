import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";
import { eventInput, sendEventForm, signInAs } from "../../../../test/organiser";

/**
 * A stand-in for an S3-compatible store's REST API (path-style): PutObject, ListObjectsV2 and
 * DeleteObjects on an in-memory bucket, so the real SDK's requests can be checked.
 */
function startS3StandIn() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined; cacheControl: string | undefined }>();
  const read = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://s3.local");
    const [, bucket, ...keyParts] = url.pathname.split("/");
    const key = decodeURIComponent(keyParts.join("/"));
    const body = await read(request);
    if (bucket !== "eventora-media") return response.writeHead(404).end();
    if (request.method === "PUT" && key) {
      objects.set(key, { body, contentType: request.headers["content-type"], cacheControl: request.headers["cache-control"] });
      return response.writeHead(200, { etag: '"etag"' }).end();
    }
    if (request.method === "GET" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((candidate) => candidate.startsWith(prefix));
      const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`).join("")}</ListBucketResult>`;
      return response.writeHead(200, { "content-type": "application/xml" }).end(xml);
    }
    if (request.method === "POST" && url.searchParams.has("delete")) {
      const keys = [...body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
      for (const deleted of keys) objects.delete(deleted);
      const xml = `<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${keys.map((k) => `<Deleted><Key>${k}</Key></Deleted>`).join("")}</DeleteResult>`;
      return response.writeHead(200, { "content-type": "application/xml" }).end(xml);
    }
    response.writeHead(400).end();
  });
  return { server, objects };
}

describe("event images in S3-compatible storage (S3_* set)", () => {
  const standIn = startS3StandIn();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
    t = await createTestApp({
      S3_BUCKET: "eventora-media",
      S3_ENDPOINT: `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`,
      S3_REGION: "eu-west-2",
      S3_ACCESS_KEY_ID: "test-key",
      S3_SECRET_ACCESS_KEY: "test-secret",
      S3_PUBLIC_URL: "https://cdn.eventora.test",
      S3_FORCE_PATH_STYLE: "true",
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  it("stores every width under the event's id, serves them from S3_PUBLIC_URL and replaces them on edit", async () => {
    const { client } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const png = await sharp({ create: { width: 1400, height: 800, channels: 3, background: "#00aa88" } }).png().toBuffer();
    const created = (await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: png, filename: "p.png", contentType: "image/png" })).json();
    expect(created.imageUrl).toMatch(new RegExp(`^https://cdn\\.eventora\\.test/events/${created.id}/[0-9a-f]{16}-1200\\.webp$`));
    const keys = [...standIn.objects.keys()].filter((key) => key.startsWith(`events/${created.id}/`)).sort();
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(standIn.objects.get(key)!.contentType).toBe("image/webp");
      expect(standIn.objects.get(key)!.cacheControl).toContain("immutable");
    }
    const stored = standIn.objects.get(created.imageUrl.replace("https://cdn.eventora.test/", ""))!;
    expect(await sharp(stored.body).metadata()).toMatchObject({ format: "webp", width: 1200, height: 675 });

    const other = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#aa0000" } }).jpeg().toBuffer();
    const updated = (await sendEventForm(client, "PATCH", `/api/events/${created.id}`, eventInput(), { bytes: other, filename: "q.jpg", contentType: "image/jpeg" })).json();
    expect(updated.imageUrl).not.toBe(created.imageUrl);
    const after = [...standIn.objects.keys()].filter((key) => key.startsWith(`events/${created.id}/`));
    expect(after).toHaveLength(3);
    expect(after).not.toContain(keys[0]);
  });
});

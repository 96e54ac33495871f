import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { AuthClient, newClient, signedIn as signedInTo } from "../../../../test/auth-client";
import { profiles } from "../../db/schema";

const t = setUpTestApp();
const client = () => newClient(t);
const signedIn = (options?: Parameters<typeof signedInTo>[1]) => signedInTo(t, options);

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = "----eventora-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(c: AuthClient, filename: string, contentType: string, bytes: Buffer) {
  const body = multipart(filename, contentType, bytes);
  return t.app.inject({
    method: "POST",
    url: "/api/me/avatar",
    headers: { origin: c.origin, cookie: c.cookieHeader, "content-type": body.contentType },
    payload: body.payload,
  });
}

describe("own profile (spec §5 Profile edit)", () => {
  it("needs a signed-in user", async () => {
    expect((await client().get("/api/me/profile")).statusCode).toBe(401);
    expect((await client().request("PUT", "/api/me/profile", { username: "someone" })).statusCode).toBe(401);
    expect((await client().get("/api/me")).statusCode).toBe(401);
  });

  it("saves every field, and empty ones as null", async () => {
    const { account, c } = await signedIn();
    const saved = await c.request("PUT", "/api/me/profile", {
      username: "Harbour_Jo",
      displayName: "  Jo Harbour ",
      bio: "",
      location: "Leeds",
      website: "https://jo.example",
      avatarUrl: "",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ username: "Harbour_Jo", displayName: "Jo Harbour", bio: null, location: "Leeds", website: "https://jo.example", avatarUrl: null });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row).toMatchObject({ bio: null, avatarUrl: null, username: "Harbour_Jo" });
    expect((await c.get("/api/me/profile")).json().username).toBe("Harbour_Jo");
    expect((await c.get("/api/profiles/harbour_jo")).json()).toMatchObject({ username: "Harbour_Jo", displayName: "Jo Harbour" });

    const cleared = await c.request("PUT", "/api/me/profile", { username: "", displayName: null });
    expect(cleared.json()).toMatchObject({ username: null, displayName: null, location: null });
  });

  it("refuses a display or business name with control characters, bidi overrides or nothing visible, naming the field (issue 33)", async () => {
    const { account, c } = await signedIn();
    await c.request("PUT", "/api/me/profile", { displayName: "Jo Harbour", businessName: "Harbour Events Ltd" });
    const refusals: [Record<string, string>, string][] = [
      [{ displayName: "Jo\r\nHarbour" }, "Invalid field 'displayName': Display name contains a character that is not allowed"],
      [{ displayName: "\u202Eruobrah oj" }, "Invalid field 'displayName': Display name contains a character that is not allowed"],
      [{ displayName: "\u200B" }, "Invalid field 'displayName': Display name contains a character that is not allowed"],
      [{ displayName: "\u3164" }, "Invalid field 'displayName': Display name must contain a visible character"],
      [{ businessName: "Harbour\nEvents Ltd" }, "Invalid field 'businessName': Business name contains a character that is not allowed"],
      [{ businessName: "Harbour Events \u202Edtl" }, "Invalid field 'businessName': Business name contains a character that is not allowed"],
      [{ businessName: "\u2800\u00AD" }, "Invalid field 'businessName': Business name must contain a visible character"],
      [{ businessName: "Harbour\u0000" }, "field 'businessName': contains a NUL character"],
    ];
    for (const [change, message] of refusals) {
      const response = await c.request("PUT", "/api/me/profile", change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row).toMatchObject({ displayName: "Jo Harbour", businessName: "Harbour Events Ltd" });
    // Names in any script, with emoji and apostrophes, are fine.
    const fine = await c.request("PUT", "/api/me/profile", { displayName: "Siobhán Ní Bhriain 🎶", businessName: "李小龍 Events" });
    expect(fine.json()).toMatchObject({ displayName: "Siobhán Ní Bhriain 🎶", businessName: "李小龍 Events" });
  });

  it("saves the seller's details for receipts (issue 20), keeps them off the public profile, and clears them", async () => {
    const { account, c } = await signedIn();
    const saved = await c.request("PUT", "/api/me/profile", {
      username: "seller_jo",
      businessName: " Harbour Events Ltd ",
      businessAddress: "1 Quay Street\r\n\r\n Bristol \nBS1 4DJ",
      vatNumber: "gb 980 7806 84",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ businessName: "Harbour Events Ltd", businessAddress: "1 Quay Street\nBristol\nBS1 4DJ", vatNumber: "GB980780684" });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row).toMatchObject({ businessName: "Harbour Events Ltd", vatNumber: "GB980780684" });
    const publicProfile = (await c.get("/api/profiles/seller_jo")).json();
    expect(Object.keys(publicProfile)).not.toEqual(expect.arrayContaining(["businessName"]));
    expect(JSON.stringify(publicProfile)).not.toMatch(/Harbour Events|GB980780684|Quay Street/);

    for (const vatNumber of ["GB242338087388", "XI 980 7806 84", "GB100190874", "GBGD001", "GBHA599"]) {
      // A VAT number needs the address it is registered at (issue 34).
      const good = await c.request("PUT", "/api/me/profile", { username: "seller_jo", businessAddress: "1 Quay Street\nBristol\nBS1 4DJ", vatNumber });
      expect(good.statusCode, vatNumber).toBe(200);
    }

    const cleared = await c.request("PUT", "/api/me/profile", { username: "seller_jo", businessName: "", businessAddress: "  ", vatNumber: " " });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ businessName: null, businessAddress: null, vatNumber: null });
  });

  it("refuses a VAT number that is not a UK one, naming the field and the problem, and keeps the saved one", async () => {
    const { account, c } = await signedIn();
    expect((await c.request("PUT", "/api/me/profile", { businessAddress: "1 Quay Street\nBristol\nBS1 4DJ", vatNumber: "GB980780684" })).statusCode).toBe(200);
    for (const [vatNumber, problem] of [
      ["GB12345678", /9 digits \(12 for a branch\), not 8/],
      ["DE123456789", /digits only/],
      ["GBGD600", /GBGD and 3 digits from 000 to 499/],
      // The right shape but not HMRC's check digits (issue 33: both were saved before).
      ["GB123456789", /GB123456789 is not a real UK VAT number: its last two digits do not match the others \(HMRC's check digits\)/],
      ["GB 980 7806 85", /GB980780685 is not a real UK VAT number/],
      ["GB000000000", /cannot be all zeros/],
    ] as const) {
      const response = await c.request("PUT", "/api/me/profile", { vatNumber });
      expect(response.statusCode, vatNumber).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
      expect(response.json().error.message).toMatch(/^Invalid field 'vatNumber': /);
      expect(response.json().error.message).toMatch(problem);
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row?.vatNumber).toBe("GB980780684");
  });

  it("refuses a username with anything but letters, numbers and underscores", async () => {
    const { c } = await signedIn();
    for (const username of ["jo harbour", "jo-harbour", "<script>", "jo.h"]) {
      const response = await c.request("PUT", "/api/me/profile", { username });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: "INVALID_USERNAME", message: "Username can only contain letters, numbers, and underscores" });
    }
  });

  it("refuses a username another user has, in any letter case, but keeps your own", async () => {
    const { c: first } = await signedIn();
    expect((await first.request("PUT", "/api/me/profile", { username: "taken_name" })).statusCode).toBe(200);
    expect((await first.request("PUT", "/api/me/profile", { username: "taken_name", bio: "still me" })).statusCode).toBe(200);
    const { c: second } = await signedIn();
    const response = await second.request("PUT", "/api/me/profile", { username: "TAKEN_NAME" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: "USERNAME_TAKEN", message: "This username is already in use" });
  });

  it("lets only one of two simultaneous claims to a username win", async () => {
    const claimants = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()]);
    const results = await Promise.all(claimants.map(({ c }) => c.request("PUT", "/api/me/profile", { username: "race_winner" })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await t.db.select().from(profiles).where(eq(profiles.username, "race_winner"))).toHaveLength(1);
  });

  it("accepts only http(s) web addresses", async () => {
    const { c } = await signedIn();
    const response = await c.request("PUT", "/api/me/profile", { website: "javascript:alert(1)" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
    expect(response.json().error.message).toContain("website");
  });

  it("refuses a change posted from another site", async () => {
    const { account, c } = await signedIn();
    const forged = await c.request("PUT", "/api/me/profile", { username: "hijacked" }, { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe("INVALID_ORIGIN");
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row!.username).not.toBe("hijacked");
  });
});

describe("avatar upload", () => {
  it("re-encodes a PNG to a 256 px WebP served from /media", async () => {
    const { c } = await signedIn();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#5418d6" } }).png().toBuffer();
    const response = await upload(c, "me.png", "image/png", png);
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json();
    expect(avatarUrl).toMatch(/^\/media\/avatars\/.+\.webp\?v=\d+$/);
    const served = await t.app.inject({ method: "GET", url: avatarUrl.split("?")[0] });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect((await c.request("PUT", "/api/me/profile", { avatarUrl })).json().avatarUrl).toBe(avatarUrl);
  });

  it("decides the type from the bytes: SVG and renamed files are refused", async () => {
    const { c } = await signedIn();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const svgResponse = await upload(c, "me.svg", "image/svg+xml", svg);
    expect(svgResponse.statusCode).toBe(415);
    expect(svgResponse.json().error.code).toBe("UNSUPPORTED_IMAGE");
    const renamed = await upload(c, "photo.jpg", "image/jpeg", Buffer.from("%PDF-1.7 definitely not a photo"));
    expect(renamed.statusCode).toBe(415);
  });

  it("refuses files over 5 MB", async () => {
    const { c } = await signedIn();
    const response = await upload(c, "huge.png", "image/png", Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("IMAGE_TOO_LARGE");
  });
});

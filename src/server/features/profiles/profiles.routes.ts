import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, OwnProfile, ProfileUpdateInput, PublicProfile } from "../../../domain";
import { AVATAR_MAX_BYTES, getOwnProfile, getPublicProfile, listOrganiserChoices, saveAvatar, updateOwnProfile } from "./profiles.service";

/** Public profiles (spec §2 Profiles), the signed-in user's own profile and avatar (§5), and the admin's organiser list (§6). */
export const profilesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, config }) => {
  app.get(
    "/profiles/:username",
    {
      schema: {
        tags: ["profiles"],
        summary: "A public profile with up to 6 listed events",
        params: z.object({ username: z.string() }),
        response: { 200: PublicProfile },
      },
    },
    async (request) => getPublicProfile({ db, username: request.params.username }),
  );

  app.get(
    "/me/profile",
    { schema: { tags: ["account"], summary: "The signed-in user's own profile", response: { 200: OwnProfile } } },
    async (request) => getOwnProfile({ db, userId: (await session.requireActor(request)).userId }),
  );

  app.put(
    "/me/profile",
    {
      schema: {
        tags: ["account"],
        summary: "Update the signed-in user's profile (empty fields are saved as null); a VAT number must be a UK one",
        description:
          "The seller details (businessName, businessAddress, sellerKind, isCompany, companyNumber, vatTreatment, vatNumber) name the organiser as the seller of their paid events (issue 34). " +
          "They are replaced together when the body carries any of them, and kept when it carries none. They may be saved incomplete (the answer's sellerDetailsProblems lists what is missing, and paid events wait for it) " +
          "but a wrong one is a 400 naming the field: a PO box address, a company number not in Companies House's format or for a private individual, a VAT number without an address or for a seller who is not VAT-registered.",
        body: z.object({
          username: z.string().nullish(),
          displayName: z.string().nullish(),
          bio: z.string().nullish(),
          location: z.string().nullish(),
          website: z.string().nullish(),
          avatarUrl: z.string().nullish(),
          businessName: z.string().nullish(),
          businessAddress: z.string().nullish(),
          vatNumber: z.string().nullish(),
          sellerKind: z.string().nullish(),
          isCompany: z.boolean().optional(),
          companyNumber: z.string().nullish(),
          vatTreatment: z.string().nullish(),
        }),
        response: { 200: OwnProfile },
      },
    },
    async (request) => updateOwnProfile({ db, userId: (await session.requireActor(request)).userId, input: request.body as ProfileUpdateInput }),
  );

  app.post(
    "/me/avatar",
    {
      schema: {
        tags: ["account"],
        summary: "Upload an avatar (multipart field 'file': JPG, PNG or WebP up to 5 MB)",
        consumes: ["multipart/form-data"],
        response: { 200: z.object({ avatarUrl: z.string() }) },
      },
    },
    async (request) => {
      const userId = (await session.requireActor(request)).userId;
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } }).catch((error: unknown) => {
        throw new AppError("BAD_REQUEST", `Expected a multipart upload: ${(error as Error).message}`);
      });
      if (!file) throw new AppError("BAD_REQUEST", "Choose an image file to upload (form field 'file').");
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError("IMAGE_TOO_LARGE", "The image is larger than 5 MB. Please choose a smaller one.");
      });
      return saveAvatar({ dataDir: config.DATA_DIR, userId, bytes });
    },
  );

  app.get(
    "/admin/organisers",
    {
      schema: {
        tags: ["admin"],
        summary: "Every profile, for choosing an event's organiser (admins only)",
        response: { 200: z.object({ organisers: z.array(z.object({ userId: z.string(), displayName: z.string().nullable(), username: z.string().nullable() })) }) },
      },
    },
    async (request) => {
      await session.requireAdmin(request);
      return { organisers: await listOrganiserChoices({ db }) };
    },
  );
};

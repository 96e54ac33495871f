import { data, redirect } from "react-router";
import { AppError } from "@domain";
import { DoorLinkPage, type DoorLinkView } from "~/features/door-team/components/door-pages";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/door-link";

/** A door link on a phone (issue 38, D26): its name and whether it asks for a PIN; 404 when unknown or revoked. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { describeDoorLinkPage } = await import("~/lib/services.server");
  try {
    const link = await describeDoorLinkPage(context, params.secret);
    return { view: { state: "open", ...link } satisfies DoorLinkView };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return data({ view: { state: "not-found", message: error.message } satisfies DoorLinkView }, { status: 404 });
    throw error;
  }
}

/** The PIN (a plain form post; tries are rate-limited): when right, the door cookie is set and the phone goes to the scanner. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { openDoorLinkPage } = await import("~/lib/services.server");
  const form = await request.formData();
  try {
    const cookie = await openDoorLinkPage(context, { secret: params.secret, pin: String(form.get("pin") ?? "").slice(0, 20) });
    return redirect(paths.checkIn, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ refusal: error.message.replace(/^Invalid field 'pin': /, "") }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = () => [...seoMeta({ title: "Door link", description: "Open the ticket scanner for a door." }), { name: "robots", content: "noindex" }];
// The address is a secret: never kept by a cache (the site-wide strict-origin-when-cross-origin sends no path to another site).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function DoorLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DoorLinkPage view={loaderData.view as DoorLinkView} refusal={actionData?.refusal ?? null} />;
}

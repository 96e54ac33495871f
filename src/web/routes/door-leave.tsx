import { redirect } from "react-router";
import { paths } from "~/paths";
import type { Route } from "./+types/door-leave";

/** "Leave this door" (issue 38): forgets this phone's door link and goes back to the scanner's start. */
export async function action({ context }: Route.ActionArgs) {
  const { leaveDoorHeader } = await import("~/lib/services.server");
  return redirect(paths.checkIn, { headers: { "Set-Cookie": await leaveDoorHeader(context) } });
}

export function loader() {
  return redirect(paths.checkIn);
}

export default function DoorLeaveRoute() {
  return null;
}

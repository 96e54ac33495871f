import { Avatar } from "~/components/ui/avatar";
import { cn } from "~/lib/cn";

/** The public profile's large avatar: the shared Avatar, framed. */
export function ProfileAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  return <Avatar name={name} url={url} className={cn("shadow-md ring-4 ring-white", className)} />;
}

import { Info } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** Card 3 of /email-test (spec §2 Manual Email Sender), with who may send where (decisions D12). */
export function EmailInfoCard({ ownEmail, isAdmin }: { ownEmail: string; isAdmin: boolean }) {
  const points = [
    { title: "Primary provider plus SMTP fallback", text: "Mail goes out through the primary email provider; if it fails, SMTP takes over." },
    { title: "HTML emails with BCC", text: "The content is sent as HTML. When an admin writes to someone else, the admin gets a blind copy (BCC)." },
    { title: "Authentication required", text: "Only signed-in users can send, and sending is rate limited." },
    { title: "Sends as the current user only", text: `Every email is sent on behalf of you, ${ownEmail}.` },
    {
      title: "Who can receive",
      text: isAdmin
        ? "Admins may send to any address. Everyone else may send only to their own verified address."
        : "You may send only to your own verified address. Only admins may send to other addresses.",
    },
  ];
  return (
    <Card tone="tinted">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Info className="size-5 text-brand-600" aria-hidden="true" />
          About this tool
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3.5 text-sm">
          {points.map((point) => (
            <li key={point.title} className="border-l-2 border-brand-200 pl-3">
              <strong className="block text-ink">{point.title}</strong>
              <span className="break-words text-muted">{point.text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

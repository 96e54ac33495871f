import { Lightbulb } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { IMAGE_CREATOR_TIPS } from "./image-creator";

/** spec §2 AI Image Creator: the tips card. */
export function TipsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-accent-600" aria-hidden="true" />
          Tips for great images
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3 text-sm leading-relaxed text-muted">
          {IMAGE_CREATOR_TIPS.map((tip) => (
            <li key={tip} className="flex gap-2.5">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" />
              {tip}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

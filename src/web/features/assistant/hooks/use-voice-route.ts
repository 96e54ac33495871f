import { useCallback, useEffect, useState } from "react";
import type { AssistantCapabilities } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** GET /api/assistant: whether voice goes through the site's speech service or the browser's (decisions D19). */
export function getAssistantCapabilities(): Promise<AssistantCapabilities> {
  return apiRequest("/api/assistant", { method: "GET" });
}

export type VoiceRoute = "service" | "browser";

/**
 * Whether voice goes through the site's speech service or the browser's own speech APIs (decisions
 * D19); null until the server has said. Unreachable counts as 'browser'.
 */
export function useVoiceRoute() {
  const [route, setRoute] = useState<VoiceRoute | null>(null);
  useEffect(() => {
    let cancelled = false;
    getAssistantCapabilities()
      .then((capabilities) => !cancelled && setRoute(capabilities.voice))
      .catch(() => !cancelled && setRoute("browser"));
    return () => {
      cancelled = true;
    };
  }, []);
  const switchToBrowserVoice = useCallback(() => setRoute("browser"), []);
  return { route, switchToBrowserVoice };
}

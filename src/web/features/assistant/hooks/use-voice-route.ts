import { useCallback, useEffect, useState } from "react";
import { getAssistantCapabilities } from "../api/get-assistant-capabilities";

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

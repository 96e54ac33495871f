import { useCallback, useState } from "react";

const KEY = "eventora-scanner-feedback";

/** Whether results beep and vibrate (on unless turned off: a quiet venue); remembered on this device. */
export function useFeedbackSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(KEY) !== "off";
    } catch {
      return true;
    }
  });
  const change = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(KEY, next ? "on" : "off");
    } catch {
      // Not remembered: private browsing may refuse storage.
    }
  }, []);
  return [on, change];
}

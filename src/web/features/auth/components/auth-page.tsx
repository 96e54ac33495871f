import { useSearchParams } from "react-router";
import { useAuthUrlError } from "../hooks/use-auth-url-error";
import type { AuthFormResult } from "../lib/auth-form";
import { recoveryToken } from "../lib/auth-url-state";
import { AuthScreen } from "./auth-screen";

/** /auth: the tabs, or a new password for a recovery link; a failed link's error is shown once, then dropped from the address. */
export function AuthPage({ result, mailboxPointer }: { result?: AuthFormResult; mailboxPointer: boolean }) {
  const [searchParams] = useSearchParams();
  useAuthUrlError();
  return <AuthScreen recoveryToken={recoveryToken(searchParams)} result={result} mailboxPointer={mailboxPointer} />;
}

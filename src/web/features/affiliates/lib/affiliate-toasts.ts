/** Affiliate toasts, word for word from spec §8 Affiliate. */
export const AFFILIATE_TOASTS = {
  created: { title: "Success!", description: "Your affiliate account is ready. Share your code to start earning." },
  createFallback: "Failed to create affiliate account",
  newCode: { title: "Success!", description: "Your new affiliate code is ready. Links with your old codes keep working." },
  newCodeFallback: "Failed to generate a new code",
  copyFailed: { title: "Error", description: "Could not copy to the clipboard. Please select the text and copy it yourself." },
  error: "Error",
} as const;

/** The 'Error' toast's detail: the server's message, else the fallback. */
export function affiliateErrorDescription(refused: { status: number; message: string }, fallback: string): string {
  if (refused.status < 500 && refused.message) return refused.message;
  return fallback;
}

import { ownWalletPassPath, WALLET_LINK_TEXT, type WalletsOffered } from "@domain";

/**
 * A ticket's "Add to Apple Wallet" and "Add to Google Wallet" (D27), one under the other: plain links (a .pkpass download, and Google's
 * save page), each named for its ticket for screen readers; nothing when the site offers no wallet.
 */
export function WalletLinks({ ticketId, wallets, label }: { ticketId: string; wallets: WalletsOffered; label: string }) {
  if (!wallets.apple && !wallets.google) return null;
  const link = "inline-flex min-h-6 items-center font-semibold text-brand-700 underline-offset-4 hover:underline";
  return (
    <span className="flex flex-col items-start gap-0.5 text-sm print:hidden">
      {wallets.apple && (
        <a href={ownWalletPassPath(ticketId, "apple")} aria-label={`${WALLET_LINK_TEXT.apple}: ${label}`} className={link}>
          {WALLET_LINK_TEXT.apple}
        </a>
      )}
      {wallets.google && (
        <a href={ownWalletPassPath(ticketId, "google")} aria-label={`${WALLET_LINK_TEXT.google}: ${label}`} className={link}>
          {WALLET_LINK_TEXT.google}
        </a>
      )}
    </span>
  );
}

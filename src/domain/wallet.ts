/** Which wallets a site offers (D27, decision 045): a button shows only for one that is configured. */
export interface WalletsOffered {
  apple: boolean;
  google: boolean;
}

export const NO_WALLETS: WalletsOffered = { apple: false, google: false };

/** The buttons' words, the same on My Tickets, the success page and in the ticket e-mail (Apple's and Google's own names for them). */
export const WALLET_LINK_TEXT = { apple: "Add to Apple Wallet", google: "Add to Google Wallet" } as const;

export type WalletKind = keyof typeof WALLET_LINK_TEXT;

/** The signed-in holder's own pass: a .pkpass download, or a redirect to Google's save link. */
export function ownWalletPassPath(ticketId: string, kind: WalletKind): string {
  return `/api/me/wallet-passes/${encodeURIComponent(ticketId)}/${kind}`;
}

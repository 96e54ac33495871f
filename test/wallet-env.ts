import { generateWalletTestIdentity, type WalletTestIdentity } from "../src/server/providers/wallet/test-identity";

/**
 * The settings of a deployment offering both wallets (decision 045), from a self-signed test identity: for apps
 * that show the links and build passes but push nothing (the page budgets, the e2e app, the hostile-input
 * properties). Google's API and APNs are left unreachable unless a test names its stand-ins.
 */
export function walletTestEnv(identity: WalletTestIdentity = generateWalletTestIdentity(), urls: { apns?: string; google?: string; googleToken?: string } = {}): Record<string, string> {
  return {
    APPLE_PASS_TYPE_ID: identity.passTypeId,
    APPLE_TEAM_ID: identity.teamId,
    APPLE_PASS_CERT: identity.signerCert,
    APPLE_PASS_KEY: identity.signerKey,
    APPLE_WWDR_CERT: identity.caCert,
    APNS_URL: urls.apns ?? "https://127.0.0.1:9",
    APNS_CA_CERT: identity.caCert,
    GOOGLE_WALLET_ISSUER_ID: identity.googleIssuerId,
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: identity.googleServiceAccountEmail,
    GOOGLE_WALLET_PRIVATE_KEY: identity.googlePrivateKey,
    GOOGLE_WALLET_API_URL: urls.google ?? "http://127.0.0.1:9",
    GOOGLE_OAUTH_TOKEN_URL: urls.googleToken ?? "http://127.0.0.1:9/token",
  };
}

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../../config";
import { startApnsStandIn } from "../../providers/wallet/apns-stand-in";
import { startGoogleWalletStandIn } from "../../providers/wallet/google-wallet-stand-in";
import { walletTestIdentityIn } from "../../providers/wallet/test-identity";

/** Apple Wallet as configured (decision 045): the Pass Type ID certificate signs passes and authenticates to APNs. */
export interface AppleWallet {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdrCert: string;
  apnsUrl: string;
  /** A CA trusted for APNS_URL besides the system's (a stand-in's). */
  apnsCaCert?: string;
  /** Derives each pass's authentication token (never stored: the table keeps its hash). */
  tokenSecret: Buffer;
  webServiceUrl: string;
}

/** Google Wallet as configured: the issuer and the service account that signs save links and calls the API. */
export interface GoogleWallet {
  issuerId: string;
  serviceAccountEmail: string;
  privateKey: string;
  apiUrl: string;
  tokenUrl: string;
}

export interface WalletSetup {
  apple: AppleWallet | null;
  google: GoogleWallet | null;
  /** The demo's own stand-ins for APNs and Google are running (a self-signed test identity). */
  demo: boolean;
  close(): Promise<void>;
}

/** A PEM or JSON value given as its text (newlines may be written \n) or as the path of a file holding it. */
function textOrFile(value: string, dataDir: string): string {
  // A service account's JSON keeps its own \n escapes (JSON.parse reads them); a PEM on one line has them unescaped here.
  if (value.trimStart().startsWith("{")) return value;
  const text = value.replace(/\\n/g, "\n");
  if (text.includes("-----BEGIN")) return text;
  const path = resolve(dataDir, value);
  if (!existsSync(path)) throw new Error(`Wallet configuration: ${value} is neither PEM/JSON text nor a readable file`);
  return readFileSync(path, "utf8");
}

const tokenSecretOf = (signerKey: string) => createHash("sha256").update("eventora wallet pass token\n").update(signerKey).digest();

/**
 * The wallet providers a deployment configured (README configuration table). With none configured the demo
 * (embedded database, `npm start` on a fresh machine) makes a self-signed test identity in DATA_DIR once and
 * points APNs and Google at local stand-ins, so the whole flow runs; any other deployment without them shows
 * no wallet buttons and its wallet routes answer 404.
 */
export async function createWalletSetup(config: Config): Promise<WalletSetup> {
  const webServiceUrl = `${config.publicUrl}/api/wallet/apple`;
  const apple: AppleWallet | null =
    config.APPLE_PASS_TYPE_ID && config.APPLE_TEAM_ID && config.APPLE_PASS_CERT && config.APPLE_PASS_KEY && config.APPLE_WWDR_CERT
      ? {
          passTypeId: config.APPLE_PASS_TYPE_ID,
          teamId: config.APPLE_TEAM_ID,
          signerCert: textOrFile(config.APPLE_PASS_CERT, config.DATA_DIR),
          signerKey: textOrFile(config.APPLE_PASS_KEY, config.DATA_DIR),
          ...(config.APPLE_PASS_KEY_PASSPHRASE ? { signerKeyPassphrase: config.APPLE_PASS_KEY_PASSPHRASE } : {}),
          wwdrCert: textOrFile(config.APPLE_WWDR_CERT, config.DATA_DIR),
          apnsUrl: config.APNS_URL,
          ...(config.APNS_CA_CERT ? { apnsCaCert: textOrFile(config.APNS_CA_CERT, config.DATA_DIR) } : {}),
          tokenSecret: tokenSecretOf(textOrFile(config.APPLE_PASS_KEY, config.DATA_DIR)),
          webServiceUrl,
        }
      : null;
  let google: GoogleWallet | null = null;
  if (config.GOOGLE_WALLET_ISSUER_ID) {
    const account = config.GOOGLE_WALLET_SERVICE_ACCOUNT ? (JSON.parse(textOrFile(config.GOOGLE_WALLET_SERVICE_ACCOUNT, config.DATA_DIR)) as { client_email?: string; private_key?: string }) : null;
    const email = account?.client_email ?? config.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL;
    const key = account?.private_key ?? (config.GOOGLE_WALLET_PRIVATE_KEY && textOrFile(config.GOOGLE_WALLET_PRIVATE_KEY, config.DATA_DIR));
    if (!email || !key) throw new Error("Wallet configuration: GOOGLE_WALLET_SERVICE_ACCOUNT must hold client_email and private_key");
    google = { issuerId: config.GOOGLE_WALLET_ISSUER_ID, serviceAccountEmail: email, privateKey: key, apiUrl: config.GOOGLE_WALLET_API_URL.replace(/\/$/, ""), tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL };
  }
  if (apple || google || !config.embedded) return { apple, google, demo: false, close: async () => {} };

  const identity = walletTestIdentityIn(resolve(config.DATA_DIR, "wallet-test-identity.json"));
  const apns = await startApnsStandIn({ serverCert: identity.apnsServerCert, serverKey: identity.apnsServerKey, caCert: identity.caCert });
  const googleStandIn = await startGoogleWalletStandIn({ issuerId: identity.googleIssuerId, serviceAccountEmail: identity.googleServiceAccountEmail, publicKey: identity.googlePublicKey });
  return {
    apple: {
      passTypeId: identity.passTypeId,
      teamId: identity.teamId,
      signerCert: identity.signerCert,
      signerKey: identity.signerKey,
      wwdrCert: identity.caCert,
      apnsUrl: apns.url,
      apnsCaCert: identity.caCert,
      tokenSecret: tokenSecretOf(identity.signerKey),
      webServiceUrl,
    },
    google: { issuerId: identity.googleIssuerId, serviceAccountEmail: identity.googleServiceAccountEmail, privateKey: identity.googlePrivateKey, apiUrl: googleStandIn.url, tokenUrl: googleStandIn.tokenUrl },
    demo: true,
    close: async () => {
      await apns.close();
      await googleStandIn.close();
    },
  };
}

import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import forge from "node-forge";

/**
 * A self-signed stand-in for the certificates and keys Apple and Google issue (decision 045), so the whole
 * wallet flow runs on a fresh machine: a test CA standing in for Apple's WWDR intermediate, a pass signing
 * certificate issued by it (subject UID = the pass type id, as Apple's are), a TLS certificate for the local
 * APNs stand-in, and an RSA key standing in for a Google service account's. Never trusted by a real phone.
 */
export interface WalletTestIdentity {
  passTypeId: string;
  teamId: string;
  caCert: string;
  signerCert: string;
  signerKey: string;
  apnsServerCert: string;
  apnsServerKey: string;
  googleIssuerId: string;
  googleServiceAccountEmail: string;
  googlePrivateKey: string;
  googlePublicKey: string;
}

const rsaPem = () => generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });

function certificate({ subject, issuer, publicKeyPem, signingKeyPem, ca, altNames }: { subject: forge.pki.CertificateField[]; issuer: forge.pki.CertificateField[]; publicKeyPem: string; signingKeyPem: string; ca: boolean; altNames?: string[] }): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions([
    { name: "basicConstraints", cA: ca },
    { name: "keyUsage", keyCertSign: ca, cRLSign: ca, digitalSignature: true, keyEncipherment: !ca },
    ...(altNames ? [{ name: "subjectAltName", altNames: altNames.map((name) => (/^\d+\.\d+\.\d+\.\d+$/.test(name) ? { type: 7, ip: name } : { type: 2, value: name })) }] : []),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export function generateWalletTestIdentity({ passTypeId = "pass.test.eventora.tickets", teamId = "EVTEST0001", googleIssuerId = "3388000000012345678" } = {}): WalletTestIdentity {
  const ca = rsaPem();
  const signer = rsaPem();
  const apns = rsaPem();
  const google = rsaPem();
  const caName = [{ name: "commonName", value: "Eventora Test WWDR CA (not Apple)" }, { name: "organizationName", value: "Eventora test" }];
  return {
    passTypeId,
    teamId,
    caCert: certificate({ subject: caName, issuer: caName, publicKeyPem: ca.publicKey, signingKeyPem: ca.privateKey, ca: true }),
    signerCert: certificate({
      subject: [
        { type: "0.9.2342.19200300.100.1.1", value: passTypeId },
        { name: "commonName", value: `Pass Type ID: ${passTypeId}` },
        { shortName: "OU", value: teamId },
      ],
      issuer: caName,
      publicKeyPem: signer.publicKey,
      signingKeyPem: ca.privateKey,
      ca: false,
    }),
    signerKey: signer.privateKey,
    apnsServerCert: certificate({ subject: [{ name: "commonName", value: "localhost" }], issuer: caName, publicKeyPem: apns.publicKey, signingKeyPem: ca.privateKey, ca: false, altNames: ["localhost", "127.0.0.1"] }),
    apnsServerKey: apns.privateKey,
    googleIssuerId,
    googleServiceAccountEmail: "eventora-wallet@eventora-test.iam.gserviceaccount.com",
    googlePrivateKey: google.privateKey,
    googlePublicKey: google.publicKey,
  };
}

/** The demo's identity, made once into the data directory and read back on every start after. */
export function walletTestIdentityIn(file: string): WalletTestIdentity {
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as WalletTestIdentity;
  const identity = generateWalletTestIdentity();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(identity, null, 2), { mode: 0o600 });
  return identity;
}

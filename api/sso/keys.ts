/**
 * Estante's SAML key pair (ADR 162): the institution's own PEM files when configured, else a key and a
 * self-signed certificate generated once into the data folder and kept there, so the metadata an IdP
 * administrator registered stays valid across restarts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import forge from "node-forge";

export interface KeyPair {
  key: string;
  cert: string;
}

/** A fresh RSA key and a self-signed certificate for it (PEM), valid for `years`. */
export function selfSignedCert(commonName: string, years = 1): KeyPair {
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const fkey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(fkey.n, fkey.e);
  cert.serialNumber = crypto
    .randomBytes(8)
    .toString("hex")
    .replace(/^[89a-f]/, "1");
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + years * 365 * 86_400_000);
  const attrs = [{ name: "commonName", value: commonName }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(fkey, forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert) };
}

export const SP_KEY_FILE = "saml-sp-key.pem";
export const SP_CERT_FILE = "saml-sp-cert.pem";

const loaded = new Map<string, KeyPair>();

/**
 * The SP key pair: `keyFile`/`certFile` when given, else `dir`/saml-sp-{key,cert}.pem, generated (key readable by
 * the owner only, a ten-year certificate: SAML metadata pins it, no CA checks its dates) when absent.
 */
export function spKeyPair(where: { keyFile: string; certFile: string } | { dir: string }, commonName: string): KeyPair {
  const id = "dir" in where ? path.resolve(where.dir) : `${where.keyFile}|${where.certFile}`;
  const hit = loaded.get(id);
  if (hit) return hit;
  let pair: KeyPair;
  if ("dir" in where) {
    const keyFile = path.join(where.dir, SP_KEY_FILE);
    const certFile = path.join(where.dir, SP_CERT_FILE);
    if (!fs.existsSync(keyFile) || !fs.existsSync(certFile)) {
      const fresh = selfSignedCert(commonName, 10);
      fs.mkdirSync(where.dir, { recursive: true });
      fs.writeFileSync(keyFile, fresh.key, { mode: 0o600 });
      fs.writeFileSync(certFile, fresh.cert);
    }
    pair = { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8") };
  } else {
    pair = { key: fs.readFileSync(where.keyFile, "utf8"), cert: fs.readFileSync(where.certFile, "utf8") };
  }
  // A key that does not match its certificate would sign requests no IdP can verify: refuse it now.
  if (!crypto.createPublicKey(pair.key).equals(new crypto.X509Certificate(pair.cert).publicKey)) {
    throw new Error("the SAML service provider key does not match its certificate");
  }
  loaded.set(id, pair);
  return pair;
}

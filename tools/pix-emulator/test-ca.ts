import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A certificate authority made at run time for the emulator's mutual TLS: it issues the emulator's server
 * certificate and the receivers' client certificates, as a PSP's own CA does. node:crypto makes the keys (fast,
 * native) but cannot issue X.509 certificates nor write PKCS#12, so node-forge signs them and packs the PFX.
 * Nothing here is for production: the keys live in memory (or the demo's folder) and the CA trusts nothing else.
 */
export type TestCa = { cert: string; key: string };
export type ServerCertificate = { cert: string; key: string };
/** What a PSP hands a receiver: the certificate and key as PEM, and the same pair as a password-protected PFX. */
export type ClientCertificate = { cert: string; key: string; pfx: Buffer; passphrase: string };

const DAY_MS = 86_400_000;

function newKeyPair() {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

function newCertificate(publicKey: forge.pki.PublicKey, commonName: string, days: number) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: the high bit cleared so the DER integer is not read as negative.
  cert.serialNumber = `0${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + days * DAY_MS);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  return cert;
}

export function createTestCa(commonName = 'Reformer PIX emulator test CA'): TestCa {
  const pair = newKeyPair();
  const cert = newCertificate(pair.publicKey, commonName, 3650);
  cert.setIssuer(cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(pair.key, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: pair.pem };
}

function issue(ca: TestCa, commonName: string, extensions: object[]) {
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const caKey = forge.pki.privateKeyFromPem(ca.key);
  const pair = newKeyPair();
  const cert = newCertificate(pair.publicKey, commonName, 825);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, ...extensions]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert, key: pair.key, keyPem: pair.pem, caCert };
}

/** The emulator's https certificate, valid for the names and addresses a test or the demo dials. */
export function issueServerCertificate(
  ca: TestCa,
  hosts: readonly string[] = ['localhost', '127.0.0.1', '::1'],
): ServerCertificate {
  const altNames = hosts.map((host) =>
    /^[\d.]+$|:/.test(host) ? { type: 7, ip: host } : { type: 2, value: host },
  );
  const { cert, keyPem } = issue(ca, hosts[0] ?? 'localhost', [
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames },
  ]);
  return { cert: forge.pki.certificateToPem(cert), key: keyPem };
}

/**
 * A receiver's client certificate. The PFX holds the key, the certificate and the CA's certificate, encrypted
 * with 3DES under the passphrase — the PKCS#12 form OpenSSL 3 (Node 18+) still opens without its legacy
 * provider, unlike forge's older RC2 default for certificate bags.
 */
export function issueClientCertificate(
  ca: TestCa,
  commonName: string,
  passphrase = randomBytes(9).toString('base64url'),
): ClientCertificate {
  const { cert, key, keyPem, caCert } = issue(ca, commonName, [
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true },
  ]);
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert, caCert], passphrase, {
    algorithm: '3des',
    friendlyName: commonName,
  });
  const pfx = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
  return { cert: forge.pki.certificateToPem(cert), key: keyPem, pfx, passphrase };
}

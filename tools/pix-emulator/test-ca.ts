import { constants, generateKeyPairSync, privateEncrypt, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A certificate authority made at run time for the emulator's mutual TLS: it issues the emulator's server
 * certificate and the receivers' client certificates, as a PSP's own CA does. node:crypto cannot issue X.509
 * certificates nor write PKCS#12, so node-forge builds them and packs the PFX; node:crypto makes the keys and
 * computes the signatures (forge's RSA in JavaScript took most of a second per certificate on a busy machine).
 * Nothing here is for production: the keys live in memory (or the demo's folder) and the CA trusts nothing else.
 */
export type TestCa = { cert: string; key: string };
/** A certificate and its key, as PEM. */
export type PemPair = { cert: string; key: string };
/** What a PSP hands a receiver: the certificate and key as PEM, and the same pair as a password-protected PFX. */
export type ClientCertificate = { cert: string; key: string; pfx: Buffer; passphrase: string };

const DAY_MS = 86_400_000;

type KeyPair = { key: forge.pki.rsa.PrivateKey; publicKey: forge.pki.PublicKey; pem: string };

function newKeyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

/**
 * The key pair of the certificates a CA issues, made once per process: a 2048-bit RSA key costs up to a second
 * on a busy machine, and what the tests exercise is the certificates and their chains, not distinct keys. Each
 * CA still has a key of its own, so a certificate of another CA never verifies against this one.
 */
let leafKeyPair: KeyPair | undefined;
function leafKey(): KeyPair {
  leafKeyPair ??= newKeyPair();
  return leafKeyPair;
}

/** DER of a SHA-256 DigestInfo up to the digest (RFC 8017 §9.2, note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** A forge signer whose RSA operation is node:crypto's: PKCS#1 v1.5 over the digest forge computed. */
function nativeSigner(pem: string): forge.pki.rsa.PrivateKey {
  const sign = (md: forge.md.MessageDigest) => {
    const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
    return privateEncrypt({ key: pem, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
  };
  return { sign } as unknown as forge.pki.rsa.PrivateKey;
}

/**
 * 16 random bytes whose first lies in 0x40–0x7f: positive (high bit clear) and never zero, so the DER integer
 * is minimal as it stands. forge strips one leading zero byte only: the earlier '0' + 15 random bytes came out
 * as `00 0x…` (an "illegal padding" OpenSSL refuses) whenever the first random byte was zero, 1 in 512 certificates.
 */
export function positiveSerial(): Buffer {
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  return serial;
}

function newCertificate(publicKey: forge.pki.PublicKey, commonName: string, days: number) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = positiveSerial().toString('hex');
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
  cert.sign(nativeSigner(pair.pem), forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: pair.pem };
}

function issue(ca: TestCa, commonName: string, extensions: object[]) {
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const pair = leafKey();
  const cert = newCertificate(pair.publicKey, commonName, 825);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, ...extensions]);
  cert.sign(nativeSigner(ca.key), forge.md.sha256.create());
  return { cert, key: pair.key, keyPem: pair.pem, caCert };
}

/** The emulator's https certificate, valid for the names and addresses a test or the demo dials. */
export function issueServerCertificate(
  ca: TestCa,
  hosts: readonly string[] = ['localhost', '127.0.0.1', '::1'],
): PemPair {
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

const CLIENT_AUTH = [
  { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
  { name: 'extKeyUsage', clientAuth: true },
];

/** A client certificate as PEM only (the emulator's own, for the webhooks it posts). */
export function issueClientPem(ca: TestCa, commonName: string): PemPair {
  const { cert, keyPem } = issue(ca, commonName, CLIENT_AUTH);
  return { cert: forge.pki.certificateToPem(cert), key: keyPem };
}

/**
 * A receiver's client certificate, as PEM and as a PFX holding the key, the certificate and the CA's
 * certificate, the key encrypted with 3DES under the passphrase (a PKCS#12 that OpenSSL 3, so Node, opens).
 */
export function issueClientCertificate(
  ca: TestCa,
  commonName: string,
  passphrase = randomBytes(9).toString('base64url'),
): ClientCertificate {
  const { cert, key, keyPem, caCert } = issue(ca, commonName, CLIENT_AUTH);
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert, caCert], passphrase, {
    algorithm: '3des',
    friendlyName: commonName,
  });
  const pfx = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
  return { cert: forge.pki.certificateToPem(cert), key: keyPem, pfx, passphrase };
}

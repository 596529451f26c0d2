import { X509Certificate } from 'node:crypto';
import { createSecureContext, TLSSocket } from 'node:tls';
import { AppError } from '@reformer/domain/errors';
import type { CertificateFormat, CertificateProblem, PspConnectionValues } from '@reformer/domain/pix-psp';

type PspCertificateValues = NonNullable<PspConnectionValues['certificate']>;

/** A certificate as stored: its material (PEM text or PFX bytes), and what the settings screen shows. */
export type PspCertificate = {
  format: CertificateFormat;
  material: Buffer;
  password: string | undefined;
  subject: string;
  expiresAt: Date;
};

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** A PEM private key, in any of the forms OpenSSL writes (PKCS#8, PKCS#1 RSA, SEC1 EC, encrypted PKCS#8). */
export const KEY_BLOCK =
  /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

function refuse(reason: CertificateProblem): never {
  throw new AppError('PSP_CERTIFICATE_INVALID', undefined, { reason });
}

/** OpenSSL's words for what went wrong, as a reason the screen can say; never the material itself. */
function problemOf(error: unknown): CertificateProblem {
  const { code, message } = error as { code?: string; message?: string };
  const text = `${code ?? ''} ${message ?? ''}`;
  if (/mac verify failure|bad decrypt|bad password/i.test(text)) return 'WRONG_PASSWORD';
  if (/Unsupported PKCS12|unsupported/i.test(text)) return 'LEGACY_ENCRYPTION';
  if (/key values mismatch/i.test(text)) return 'KEY_MISMATCH';
  return 'UNREADABLE';
}

/**
 * The certificate the client will present, loaded the way the client's TLS will load it: Node's
 * `tls.createSecureContext` takes the PEM pair or the PFX (checking the password, and that the key belongs to
 * the certificate), and a TLS socket on that context — never connected — hands back the certificate as DER
 * (`getCertificate().raw`), which `X509Certificate` reads for its subject and expiry. A PKCS#12 file
 * encrypted with the legacy RC2/3DES algorithms, which OpenSSL 3 no longer loads, is refused with a reason
 * of its own: the client could not present it either.
 */
export function readPspCertificate(input: PspCertificateValues, now: Date): PspCertificate {
  const password = input.password;
  let material: Buffer;
  let options: Parameters<typeof createSecureContext>[0];
  if (input.format === 'PEM') {
    const certificates = input.pem.match(CERTIFICATE_BLOCK);
    const key = input.pem.match(KEY_BLOCK)?.[0];
    if (!certificates) refuse('NO_CERTIFICATE');
    if (!key) refuse('NO_PRIVATE_KEY');
    material = Buffer.from(`${certificates.join('\n')}\n${key}\n`, 'utf8');
    options = { cert: certificates.join('\n'), key, passphrase: password ?? '' };
  } else {
    material = Buffer.from(input.pfxBase64, 'base64');
    options = { pfx: material, passphrase: password ?? '' };
  }
  let raw: Buffer | undefined;
  try {
    const socket = new TLSSocket(null as never, {
      secureContext: createSecureContext(options),
      isServer: true,
    });
    raw = (socket.getCertificate() as { raw?: Buffer } | null)?.raw;
    socket.destroy();
  } catch (error) {
    refuse(problemOf(error));
  }
  if (!raw) refuse('NO_CERTIFICATE');
  const certificate = new X509Certificate(raw);
  const expiresAt = new Date(certificate.validTo);
  if (expiresAt.getTime() <= now.getTime()) refuse('EXPIRED');
  return {
    format: input.format,
    material,
    password,
    subject: certificate.subject.split('\n').join(', '),
    expiresAt,
  };
}

import { join } from 'node:path';
import { AppError } from '@reformer/domain/errors';
import type { PspConnectionInput } from '@reformer/domain/pix-psp';
import type { PixEmulator } from '@reformer/pix-emulator/emulator';

/**
 * The demo's local PSP (PIX_PSP=sandbox; decision 030): the connection a studio would type to use it, and the
 * customer paying a charge, which the local PSP answers with a Pix and its webhook as a bank would.
 */
export type PixSandbox = {
  connection: PspConnectionInput;
  /** The customer pays charge `txid` in their bank app. */
  pay(txid: string): void;
  /** The PSP's CA, which the server's PSP clients trust in this mode. */
  trustedCa: string;
  close(): Promise<void>;
};

/**
 * Starts tools/pix-emulator in this process, its CA and client kept in DATA_DIR/pix-emulator between runs. The
 * emulator is a development dependency: an install without them cannot run the demo, and says so.
 */
export async function startPixSandbox(dataDir: string): Promise<PixSandbox> {
  const module = await import('@reformer/pix-emulator/persistent').catch(() => {
    throw new Error(
      'PIX_PSP=sandbox needs the local PSP (tools/pix-emulator), installed with the development dependencies: run `npm ci`.',
    );
  });
  const { emulator, client, certificate } = await module.startPersistentEmulator({
    out: join(dataDir, 'pix-emulator'),
    // A fixed port, as the CLI's: the connection saved against it keeps working after a restart.
    port: 8443,
  });
  console.log(`PIX sandbox: the local standard PSP at ${emulator.url} (Settings → Payments connects it).`);
  return pixSandboxOf(emulator, { ...client, pem: `${certificate.cert}\n${certificate.key}` });
}

/** The demo's face of a running local PSP and its registered client (its certificate as one PEM text). */
export function pixSandboxOf(
  emulator: PixEmulator,
  client: { clientId: string; clientSecret: string; scopes: readonly string[]; pem: string },
): PixSandbox {
  return {
    connection: {
      preset: 'CUSTOM',
      environment: 'SANDBOX',
      baseUrl: emulator.baseUrl,
      tokenUrl: emulator.tokenUrl,
      scopes: client.scopes.join(' '),
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      certificate: { format: 'PEM', pem: client.pem },
      pixKey: emulator.receiver.chave,
      chargeDaysAhead: 5,
      finePercent: 2,
      interestPercentMonthly: 1,
      discount: null,
      receiver: {
        cnpj: emulator.receiver.cnpj,
        branch: emulator.account.agencia ?? null,
        account: emulator.account.conta,
        accountType: emulator.account.tipoConta,
      },
    },
    pay: (txid) => {
      try {
        emulator.sandbox.pay(txid);
      } catch {
        // The local PSP has it paid or removed already (its notice may still be on its way).
        throw new AppError('PIX_CHARGE_NOT_OPEN');
      }
    },
    trustedCa: emulator.ca.cert,
    close: () => emulator.close(),
  };
}

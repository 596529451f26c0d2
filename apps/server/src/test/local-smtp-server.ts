import { createServer, type Socket } from 'node:net';

/** One message as the SMTP server received it: the envelope and the raw data. */
export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A tiny SMTP server on 127.0.0.1 for tests (RFC 5321's happy path: EHLO, MAIL, RCPT, DATA, QUIT), so the
 * real nodemailer transport is exercised end to end without a dependency or the network.
 */
export async function startLocalSmtpServer() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let isReadingData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (isReadingData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          isReadingData = false;
          reply('250 OK: queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250-localhost\r\n250 8BITMIME');
        else if (command === 'MAIL') {
          mail.from = line.slice(line.indexOf(':') + 1).trim();
          reply('250 OK');
        } else if (command === 'RCPT') {
          mail.to.push(line.slice(line.indexOf(':') + 1).trim());
          reply('250 OK');
        } else if (command === 'DATA') {
          isReadingData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A MIME part's text: quoted-printable soft breaks joined and =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

// `npm run reset-password-link -- owner@example.com`: for an operator on the server, when a user cannot
// reset their password by e-mail (no SMTP configured). Prints a one-time link (valid for one hour) to
// hand to that user, e.g. by WhatsApp. Uses the same configuration as `npm start`: DATABASE_URL, or the
// embedded PostgreSQL in DATA_DIR (the running server's, or started here for the moment).
import { z } from 'zod';
import { createAuth } from '../auth/auth.ts';
import { resolveAuthSecret } from '../lib/secret.ts';
import { openCommandDatabase } from './command-database.ts';

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error('Usage: npm run reset-password-link -- <e-mail of the account>');
  process.exit(2);
}
const { env, dataDir, database, close } = await openCommandDatabase();
try {
  let link: string | null = null;
  const auth = createAuth({
    db: database.db,
    env,
    secret: resolveAuthSecret(env.AUTH_SECRET, dataDir),
    sendPasswordResetLink: async (_user, resetLink) => {
      link = resetLink;
    },
  });
  await auth.api.requestPasswordReset({ body: { email: email.data } });
  if (link) {
    console.log(`One-time link to choose a new password for ${email.data} (valid for one hour):\n${link}`);
    if (!env.PUBLIC_URL) console.log('(Set PUBLIC_URL for links with the address users reach the app at.)');
  } else {
    console.error(`No account uses ${email.data}.`);
    process.exitCode = 1;
  }
} finally {
  await close();
}

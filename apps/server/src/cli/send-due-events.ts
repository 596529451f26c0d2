// `npm run send-due-events`: for an operator on the server, runs the events job now instead of at its next
// five-minute tick — after an SMTP outage, say, or to see what today's run would send. Every organization
// whose local send time has come gets its due birthday messages, payment reminders and class reminders, once
// each (the same unique key as the job's). Uses the same configuration as `npm start` (cli/command-database.ts).
import { publicUrl } from '../env.ts';
import { createMailer } from '../lib/mailer.ts';
import { sendDueEvents } from '../modules/events/events-job.ts';
import { smsNotConfigured } from '../modules/events/sms-provider.ts';
import { openCommandDatabase } from './command-database.ts';

const { env, database, close } = await openCommandDatabase();
try {
  const result = await sendDueEvents(
    database.db,
    // The server's address, as the job has it: the studio's logo and the portal's link in the messages.
    { mailer: createMailer(env), sms: smsNotConfigured, publicUrl: publicUrl(env) },
    new Date(),
  );
  console.log(
    `Sent ${result.sent} occasion(s); ${result.alreadyClaimed} already sent; ` +
      `${result.undeliverable} with nowhere to go (no address for the channels chosen).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await close();
}

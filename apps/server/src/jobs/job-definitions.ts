import { type BackupEnv, refreshLastBackupMetric, startBackup } from '../backups/backup-runs.ts';
import { chargeDueCycles } from '../db/billing-cycles.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.ts';
import type { Mailer } from '../lib/mailer.ts';
import { linkStillLive } from '../modules/class-links/class-links.repository.ts';
import { forgetMarkedFigures } from '../modules/dashboard/forget-marked-figures.ts';
import { settleEnrollmentStatuses } from '../modules/enrollments/enrollments-job.ts';
import { sendQueuedEmails } from '../modules/events/events-delivery.ts';
import { sendDueEvents } from '../modules/events/events-job.ts';
import { smsNotConfigured } from '../modules/events/sms-provider.ts';
import { reconcileRecurrences } from '../modules/pix-automatico/reconcile-recurrences.ts';
import { issueRecurringCharges } from '../modules/pix-automatico/recurring-charges-job.ts';
import { issueCharges, type PixJobDeps } from '../modules/pix-charges/pix-charges-job.ts';
import { reconcilePix } from '../modules/pix-charges/reconcile-pix.ts';
import type { PixGateway } from '../modules/pix-psp/pix-gateway.ts';
import { deleteExpiredPortalAnswers } from '../modules/portal/portal-idempotency.ts';
import { extendOpenEndedSchedules } from '../modules/schedules/schedules-job.ts';
import { settleWaitlists } from '../modules/waitlist/waitlist-job.ts';
import type { WhatsAppGateway } from '../modules/whatsapp/whatsapp-gateway.ts';
import { sendQueuedWhatsApp } from '../modules/whatsapp/whatsapp-sender.ts';
import { deleteExpiredAuthRecords } from './delete-expired-auth-records.ts';

export type JobDefinition = {
  name: string;
  cron?: string;
  /** Also run once when the server starts (after a downtime, before the first cron tick). */
  runsAtStart?: boolean;
  run(data: unknown): Promise<void>;
};

/** Without a PSP gateway (tests of other jobs): no organization can have charges issued. */
const NO_PSP: PixGateway = {
  authenticate: async () => {
    throw new Error('No PSP gateway');
  },
  open: () => {
    throw new Error('No PSP gateway');
  },
};

/** Without SMTP (`mailer` not given, or not configured) the events job writes its e-mails to the outbox. */
const NO_MAILER: Mailer = {
  isConfigured: false,
  send: async () => {
    throw new Error('SMTP is not configured');
  },
  health: async () => 'not_configured',
};

/** Without a Cloud API gateway (tests of other jobs): no queued WhatsApp message can leave. */
const NO_WHATSAPP: WhatsAppGateway = {
  open: () => {
    throw new Error('No WhatsApp gateway');
  },
};

/**
 * Every background job of the app, in one list. `publicUrl`: where the links of waitlist offers point (the
 * server's PUBLIC_URL, as in main.ts). `backups`: the server's env, for the daily backup; without it (tests of
 * other jobs) no backup is made.
 */
export function jobDefinitions(
  database: DatabaseHandle,
  mailer: Mailer = NO_MAILER,
  publicUrl = 'http://localhost:3000',
  pix: Omit<PixJobDeps, 'db'> = { secretBox: null, gateway: NO_PSP },
  backups?: BackupEnv,
  whatsapp: WhatsAppGateway = NO_WHATSAPP,
): JobDefinition[] {
  const pixDeps = { ...pix, db: database.db };
  const whatsAppDeps = { db: database.db, secretBox: pix.secretBox, whatsapp, now: () => new Date() };
  // The age gauge is this process's own: set at start from the last success any instance recorded.
  if (backups) refreshLastBackupMetric(database.db).catch(() => {});
  return [
    {
      // Hourly and at every start rather than once at BACKUP_HOUR: the cron's time zone would be the
      // server's, and a server down at that hour would skip the day. The run checks the hour in
      // BACKUP_TIME_ZONE itself, and the day's unique row and the run lock make it once a day across
      // instances (decision 036). A run already going waits for the next hour.
      name: 'backups.daily',
      cron: '0 * * * *',
      runsAtStart: true,
      run: async () => {
        if (!backups) return;
        const started = await startBackup(database.db, backups, 'scheduled');
        if (started.outcome === 'started') await started.finished;
      },
    },
    {
      name: 'auth.delete-expired-records',
      cron: '17 * * * *',
      run: async () => {
        await deleteExpiredAuthRecords(database.db, new Date());
      },
    },
    {
      name: 'idempotency.delete-expired-keys',
      cron: '23 * * * *',
      run: async () => {
        const now = new Date();
        await deleteExpiredIdempotencyKeys(database.db, now);
        await deleteExpiredPortalAnswers(database.db, now);
      },
    },
    {
      // Daily: the dashboard's marks of organizations whose dashboard nobody opens would otherwise pile up
      // (decision 018); what they made stale is computed by the next read that needs it.
      name: 'dashboard.forget-marked-figures',
      cron: '41 4 * * *',
      run: async () => {
        await forgetMarkedFigures(database.db);
      },
    },
    {
      // Hourly, not daily: each organization's day ends at its own midnight, and each update is conditional
      // (a renewal moves the end date it read), so a second run or instance changes nothing more.
      name: 'enrollments.settle-statuses',
      cron: '5 * * * *',
      run: async () => {
        await settleEnrollmentStatuses(database.db, new Date());
      },
    },
    {
      // Hourly and at every start: each organization's day begins at its own midnight, and a downtime must not
      // leave an open-ended schedule short of its horizon (decision 040). Under the schedules' locks, so a
      // second run or instance generates nothing more.
      name: 'schedules.extend-sessions',
      cron: '3 * * * *',
      runsAtStart: true,
      run: async () => {
        await extendOpenEndedSchedules(database.db, new Date());
      },
    },
    {
      // Hourly, as the statuses: each organization's due date starts at its own midnight; a cycle is charged
      // once whichever run or instance reaches it first (decision 028).
      name: 'billing.charge-cycles',
      cron: '7 * * * *',
      run: async () => {
        await chargeDueCycles(database.db, new Date());
      },
    },
    {
      // Every 10 minutes: a cycle entering the studio's "days ahead" gets its charge the same hour, and a cycle
      // paid another way has its open charge removed before the customer can pay it twice (decision 030).
      name: 'pix.issue-charges',
      cron: '*/10 * * * *',
      run: async () => {
        await issueCharges(pixDeps, new Date());
      },
    },
    {
      // Every 5 minutes and at every start: the Pix the webhook did not bring (decision 030).
      name: 'pix.reconcile',
      cron: '*/5 * * * *',
      runsAtStart: true,
      run: async () => {
        await reconcilePix(pixDeps, new Date());
      },
    },
    {
      // Hourly and at every start: a cycle entering Pix Automático's 10-to-2-day window gets its recurring
      // charge the day it opens, once across runs and instances (decision 048, third part).
      name: 'pix-automatico.issue-charges',
      cron: '13 * * * *',
      runsAtStart: true,
      run: async () => {
        await issueRecurringCharges(pixDeps, new Date());
      },
    },
    {
      // Every 5 minutes and at every start: the recurrence and recurring charge callbacks the PSP did not bring.
      name: 'pix-automatico.reconcile',
      cron: '*/5 * * * *',
      runsAtStart: true,
      run: async () => {
        await reconcileRecurrences(pixDeps, new Date());
      },
    },
    {
      // Every 5 minutes: each organization sends at its own local time, and a day that was cut short (a
      // restart, SMTP down) is taken up where it stopped; the unique key of each occasion sends it once.
      name: 'events.send-due',
      cron: '*/5 * * * *',
      // And at every start: the reminders a downtime held back go now, not at the next tick (decision 052).
      runsAtStart: true,
      run: async () => {
        try {
          await sendDueEvents(database.db, { mailer, sms: smsNotConfigured, publicUrl }, new Date());
        } finally {
          // What the run queued for the Cloud API leaves in the same run, even when an occasion failed.
          await sendQueuedWhatsApp(whatsAppDeps);
        }
      },
    },
    {
      // Every minute and at every start: queued WhatsApp messages whose time came (backoff, pacing, the tier's
      // window), and sends a crash left in flight (decision 052). One sender per organization at a time.
      name: 'whatsapp.send-queued',
      cron: '* * * * *',
      runsAtStart: true,
      run: async () => {
        await sendQueuedWhatsApp(whatsAppDeps);
      },
    },
    {
      // Every minute: an offer's hold is counted in minutes. Reads and accepts do not wait for it (decision 024).
      name: 'waitlist.settle',
      cron: '* * * * *',
      run: async () => {
        await settleWaitlists(database.db, { mailer, publicUrl }, new Date());
      },
    },
    {
      // Every minute: a class link's e-mail waits in the outbox until SMTP takes it (decision 025).
      name: 'class-links.send-emails',
      cron: '* * * * *',
      run: async () => {
        await sendQueuedEmails(database.db, mailer, 'CLASS_LINK', { stillWanted: linkStillLive, publicUrl });
      },
    },
    {
      // Every minute: a trial class's confirmation waits in the outbox until SMTP takes it (decision 045).
      name: 'trial-bookings.send-emails',
      cron: '* * * * *',
      run: async () => {
        await sendQueuedEmails(database.db, mailer, 'TRIAL_BOOKED', { publicUrl });
      },
    },
  ];
}

import { describe, expect, it } from 'vitest';
import {
  BACKUP_STALE_AFTER_HOURS,
  backupsToRemove,
  backupWarning,
  DEFAULT_RETENTION,
  mayManageBackups,
  parseRetention,
  retainedBackup,
} from './backups.ts';

const backupOn = (localDate: string, hour = 3) => ({
  name: `${localDate}-${hour}`,
  localDate,
  createdAt: new Date(`${localDate}T${String(hour).padStart(2, '0')}:00:00Z`),
});

/** One backup a day from `first`, `days` of them. */
function daily(first: string, days: number) {
  const start = new Date(`${first}T00:00:00Z`).getTime();
  return Array.from({ length: days }, (_, index) =>
    backupOn(new Date(start + index * 86_400_000).toISOString().slice(0, 10)),
  );
}

const names = (list: { name: string }[]) => list.map((backup) => backup.name).sort();

describe('backupsToRemove', () => {
  it('keeps everything while there are fewer backups than the daily count', () => {
    expect(backupsToRemove(daily('2026-11-20', 7), DEFAULT_RETENTION)).toEqual([]);
  });

  it('keeps the last 7 days, the newest of 4 weeks and of 12 months from a year of daily backups', () => {
    const year = daily('2025-11-27', 366); // up to Friday 2026-11-27
    const removed = backupsToRemove(year, DEFAULT_RETENTION);
    const kept = names(year.filter((backup) => !removed.includes(backup)));
    expect(kept).toEqual(
      names([
        // 7 days: 21–27 November
        ...daily('2026-11-21', 7),
        // weeks starting on Monday 2026-11-23 (27th, kept already), 16th (22nd), 9th (15th), 2nd (8th)
        backupOn('2026-11-15'),
        backupOn('2026-11-08'),
        // months: November (27th), then the last day of each of the 11 months before
        ...[
          '2026-10-31',
          '2026-09-30',
          '2026-08-31',
          '2026-07-31',
          '2026-06-30',
          '2026-05-31',
          '2026-04-30',
          '2026-03-31',
          '2026-02-28',
          '2026-01-31',
          '2025-12-31',
        ].map((date) => backupOn(date)),
      ]),
    );
    expect(removed).toHaveLength(366 - kept.length);
  });

  it('keeps the newest of a day with several backups', () => {
    const morning = backupOn('2026-11-27', 3);
    const afternoon = backupOn('2026-11-27', 15);
    expect(backupsToRemove([morning, afternoon], { daily: 1, weekly: 0, monthly: 0 })).toEqual([morning]);
  });

  it('counts days that have a backup, so a pause does not empty the folder', () => {
    const old = [backupOn('2026-01-01'), backupOn('2026-01-02')];
    expect(backupsToRemove(old, { daily: 2, weekly: 0, monthly: 0 })).toEqual([]);
  });

  it('always keeps the newest backup', () => {
    const only = [backupOn('2026-11-27')];
    expect(backupsToRemove(only, { daily: 0, weekly: 0, monthly: 1 })).toEqual([]);
  });
});

describe('retainedBackup', () => {
  it('reads the UTC time of the name and its day in the time zone', () => {
    const name = 'reformer-backup-2026-11-27T02-30-05.123Z-logical.rfb';
    expect(retainedBackup(name, 'America/Sao_Paulo')).toEqual({
      name,
      kind: 'logical',
      createdAt: new Date('2026-11-27T02:30:05.123Z'),
      // 23:30 the evening before in São Paulo.
      localDate: '2026-11-26',
    });
    expect(retainedBackup(name, 'UTC').localDate).toBe('2026-11-27');
  });

  it('keeps each kind by the rule on its own: a day’s logical backup never pushes out its physical one', () => {
    const names = ['2026-11-25', '2026-11-26', '2026-11-27'].flatMap((day) =>
      ['physical', 'logical'].map((kind) => `reformer-backup-${day}T03-00-00.000Z-${kind}.rfb`),
    );
    const backups = names.map((name) => retainedBackup(name, 'UTC'));
    const removed = backupsToRemove(backups, { daily: 2, weekly: 0, monthly: 0 });
    expect(removed.map((backup) => backup.name).sort()).toEqual([
      'reformer-backup-2026-11-25T03-00-00.000Z-logical.rfb',
      'reformer-backup-2026-11-25T03-00-00.000Z-physical.rfb',
    ]);
  });
});

describe('parseRetention', () => {
  it('reads the parts in any order and leaves out the missing ones', () => {
    expect(parseRetention('7d,4w,12m')).toEqual(DEFAULT_RETENTION);
    expect(parseRetention('12m, 3d')).toEqual({ daily: 3, weekly: 0, monthly: 12 });
  });

  it.each(['', '7', '7d,7d', '7x', '0d', '7d;4w'])('refuses %j', (text) => {
    expect(parseRetention(text)).toBeNull();
  });
});

describe('mayManageBackups', () => {
  const install = ['org-a', 'org-b'];
  it('allows the owner of every organization of the install', () => {
    expect(
      mayManageBackups(
        [
          { organizationId: 'org-a', orgRole: 'ORG_OWNER' },
          { organizationId: 'org-b', orgRole: 'ORG_OWNER' },
        ],
        install,
      ),
    ).toBe(true);
  });

  it('refuses the owner of only some of them', () => {
    expect(mayManageBackups([{ organizationId: 'org-a', orgRole: 'ORG_OWNER' }], install)).toBe(false);
  });

  it('refuses an administrator of every organization', () => {
    expect(
      mayManageBackups(
        install.map((organizationId) => ({ organizationId, orgRole: 'ORG_ADMINISTRATOR' as const })),
        install,
      ),
    ).toBe(false);
  });

  it('refuses everyone on an install without organizations', () => {
    expect(mayManageBackups([], [])).toBe(false);
  });
});

describe('backupWarning', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  it('warns of a missing key first, then of no backup, then of an old one', () => {
    expect(backupWarning(false, hoursAgo(1), now)).toBe('not_configured');
    expect(backupWarning(true, null, now)).toBe('never');
    expect(backupWarning(true, hoursAgo(BACKUP_STALE_AFTER_HOURS + 0.1), now)).toBe('stale');
    expect(backupWarning(true, hoursAgo(BACKUP_STALE_AFTER_HOURS - 0.1), now)).toBeNull();
  });
});

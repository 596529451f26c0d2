// A studio as the benches seed it: through the API (what the product does when staff use it) the owner, the
// organization, its establishments, instructors (invited and accepted) and weekly schedules, whose POSTs
// generate their sessions as the app does; with SQL (through the API it would take thousands of calls)
// customers. Deterministic: a seeded PRNG. Used by bench/sessions.mjs and bench/enrollments.mjs.
import { performance } from 'node:perf_hooks';
import { v7 as uuidv7 } from 'uuid';
import { femaleFirstNames, lastNames, maleFirstNames } from './customer-names.mjs';
import { pick, post, prng, signUp } from './lib.mjs';

const CLASS_NAMES = [
  'Reformer Iniciante',
  'Reformer Intermediário',
  'Reformer Avançado',
  'Mat Pilates',
  'Cadillac',
  'Chair',
  'Pilates Gestante',
  'Pilates 60+',
  'Pilates Funcional',
  'Barrel',
];
// 2–3 days a week (0 = Sunday).
const DAY_PATTERNS = [
  [1, 3],
  [2, 4],
  [1, 3, 5],
  [2, 4, 6],
  [1, 4],
  [3, 5],
  [1, 5],
  [2, 5],
];

/**
 * The owner (`prefix-owner@example.com`), the organization, one establishment per name and
 * `instructorsPerEstablishment` instructors in each (`prefix-instructor-E-K@example.com`). An owner already
 * signed up may be passed in (a second organization of the same owner).
 */
export async function seedStudio(
  server,
  { prefix, organization, establishments, instructorsPerEstablishment, owner },
) {
  owner ??= await signUp(server, `${prefix}-owner@example.com`, 'Owner', organization.ownerLastName);
  const created = await post(server, owner.authorization, '/organizations', {
    name: organization.name,
    description: organization.description,
  });
  const orgPath = `/organizations/${created.id}`;
  const places = [];
  for (const name of establishments) {
    places.push(await post(server, owner.authorization, `${orgPath}/establishments`, { name }));
  }
  const instructors = []; // [establishment index][k] = user id
  for (const [e, establishment] of places.entries()) {
    instructors.push([]);
    for (let k = 0; k < instructorsPerEstablishment; k += 1) {
      const email = `${prefix}-instructor-${e}-${k}@example.com`;
      const member = await signUp(server, email, `Instrutora ${e * 2 + k + 1}`, establishment.name);
      const invited = await post(server, owner.authorization, `${orgPath}/staff/invite`, {
        email,
        role: null,
        establishments: [{ establishmentId: establishment.id, role: 'EST_INSTRUCTOR' }],
      });
      const token = invited.inviteUrl.split('/staff-invite/')[1];
      await post(server, member.authorization, `/invitations/accept/${token}`, undefined, 200);
      instructors[e].push(member.id);
    }
  }
  return { owner, organization: created, establishments: places, instructors };
}

const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * `total` weekly group classes over [from, to] through the API, round-robin over the establishments and
 * their instructors: 2–3 days a week, capacity 6–12 (or `capacity`), starting 06:00–20:00 and ending by 21:00;
 * `concurrency` POSTs at a time. Returns the schedules as created and how long their POSTs (with the sessions they
 * generate) took.
 */
export async function createWeeklySchedules(
  server,
  studio,
  { total, from, to, seed, concurrency = 1, capacity },
) {
  const random = prng(seed);
  const { owner, organization, establishments, instructors } = studio;
  const bodies = Array.from({ length: total }, (_, i) => {
    const e = i % establishments.length;
    const hour = 6 + ((i * 7) % 15);
    const minutes = random() < 0.2 ? 50 : 60;
    const staff = instructors[e];
    return {
      name: `${CLASS_NAMES[i % CLASS_NAMES.length]} ${String(hour).padStart(2, '0')}h`,
      type: 'GROUP',
      establishmentId: establishments[e].id,
      staffUserId: staff[Math.floor(i / establishments.length) % staff.length],
      capacity: capacity ?? 6 + Math.floor(random() * 7),
      startTime: hhmm(hour * 60),
      endTime: hhmm(hour * 60 + minutes),
      startDate: from,
      endDate: to,
      recurrenceType: 'WEEKLY',
      daysOfWeek: DAY_PATTERNS[(i * 3 + Math.floor(i / 8)) % DAY_PATTERNS.length],
    };
  });
  const t0 = performance.now();
  const schedules = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const path = `/organizations/${organization.id}/schedules`;
      schedules[i] = await post(server, owner.authorization, path, bodies[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { schedules, ms: performance.now() - t0 };
}

/** `total` customers of one organization (deterministic from `seed`), with SQL; returns their ids. */
export async function insertCustomers(client, organizationId, total, seed) {
  const random = prng(seed);
  const columns = [[], [], [], [], [], []];
  for (let i = 0; i < total; i += 1) {
    const first = random() < 0.75 ? pick(random, femaleFirstNames) : pick(random, maleFirstNames);
    const last = `${pick(random, lastNames)}${random() < 0.5 ? ` ${pick(random, lastNames)}` : ''}`;
    const slug = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    columns[0].push(uuidv7());
    columns[1].push(first);
    columns[2].push(last);
    columns[3].push(`${slug}.${i}@example.com`);
    columns[4].push(`(11) 9${String(1000 + Math.floor(random() * 9000))}-${String(i).padStart(4, '0')}`);
    columns[5].push(random() < 0.92 ? 'ACTIVE' : 'INACTIVE');
  }
  await client.query(
    `insert into customers (organization_id, id, first_name, last_name, email, phone, status)
       select $1, * from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::customer_status[])`,
    [organizationId, ...columns],
  );
  return columns[0];
}

/** The plans, created one after the other through the API as the plans screen does; each gains its id. */
export async function createPlans(server, studio, plans, bodyOf) {
  const path = `/organizations/${studio.organization.id}/customer-plans`;
  const created = [];
  for (const plan of plans) {
    created.push({ ...plan, id: (await post(server, studio.owner.authorization, path, bodyOf(plan))).id });
  }
  return created;
}

/**
 * What a subscription needs in the PIX benches: a class three mornings a week from `startDate` for a year, and a
 * monthly plan at `priceCents`, made through the API by the studio's owner.
 */
export async function seedMonthlyClass(server, studio, { startDate, endDate, priceCents }) {
  const orgPath = `/organizations/${studio.organization.id}`;
  const auth = studio.owner.authorization;
  const schedule = await post(server, auth, `${orgPath}/schedules`, {
    name: 'Reformer',
    type: 'GROUP',
    establishmentId: studio.establishments[0].id,
    staffUserId: studio.instructors[0][0],
    capacity: 12,
    startTime: '07:00',
    endTime: '08:00',
    startDate,
    endDate,
    recurrenceType: 'WEEKLY',
    daysOfWeek: [1, 3, 5],
  });
  const plan = await post(server, auth, `${orgPath}/customer-plans`, {
    name: 'Mensal',
    description: 'Aulas em grupo',
    priceCents,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Aulas em grupo'],
    weeklySessionsLimit: null,
  });
  return { schedule, plan };
}

// The sample studio the landing page's screenshots show (scripts/product-screenshots.mjs), seeded through the
// API as staff would build it: the owner, one establishment, two instructors (invited and accepted), the PIX
// key, three plans, six weekly classes from eight weeks ago, 24 customers enrolled, eight weeks of check-ins,
// and the payments of the last two months — two customers who stopped coming and one who owes, so the
// dashboard has customers at risk, and one PIX payment pending, whose code the screenshot shows.
// Deterministic but for the dates, which follow today (the screenshots show "today").
import { BENCH_PASSWORD, call, expectStatus, post, prng, signUp } from '../../../bench/lib.mjs';

const PLANS = [
  {
    key: '2x',
    name: 'Mensal 2x por semana',
    priceCents: 34_900,
    billingCycle: 'MONTHLY',
    weeklySessionsLimit: 2,
  },
  {
    key: '3x',
    name: 'Mensal 3x por semana',
    priceCents: 44_900,
    billingCycle: 'MONTHLY',
    weeklySessionsLimit: 3,
  },
  {
    key: '1x',
    name: 'Mensal 1x por semana',
    priceCents: 21_900,
    billingCycle: 'MONTHLY',
    weeklySessionsLimit: 1,
  },
];
// [name, start, end, days (0 = Sunday), capacity, instructor index]
const CLASSES = [
  ['Reformer Iniciante', '07:00', '08:00', [1, 3, 5], 6, 0],
  ['Reformer Intermediário', '08:00', '09:00', [2, 4], 6, 1],
  ['Pilates 60+', '09:30', '10:30', [2, 4], 8, 0],
  ['Mat Pilates', '12:00', '13:00', [1, 3], 10, 1],
  ['Pilates Gestante', '17:00', '18:00', [2, 4], 5, 0],
  ['Reformer Avançado', '18:30', '19:30', [1, 3, 5], 6, 1],
];
const FIRST = [
  'Ana',
  'Beatriz',
  'Camila',
  'Daniela',
  'Eduarda',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Júlia',
  'Larissa',
  'Mariana',
  'Natália',
  'Patrícia',
  'Renata',
  'Sofia',
  'Tatiane',
  'Vanessa',
  'Bruno',
  'Carlos',
  'Diego',
  'Felipe',
  'Lucas',
  'Rodrigo',
];
const LAST = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Duarte',
  'Esteves',
  'Ferreira',
  'Gomes',
  'Hoffmann',
  'Ibrahim',
  'Jardim',
  'Lopes',
  'Machado',
  'Nogueira',
  'Oliveira',
  'Pereira',
  'Queiroz',
  'Ribeiro',
  'Santos',
  'Teixeira',
  'Uchôa',
  'Vieira',
  'Xavier',
  'Yamada',
  'Zanetti',
];
const METHODS = ['PIX', 'PIX', 'CREDIT_CARD', 'DEBIT_CARD', 'BANK_TRANSFER', 'CASH'];

/** A calendar date `offset` days from today in the organizations' default zone (São Paulo). */
export function localDate(offset = 0) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

async function request(server, authorization, method, path, body) {
  const response = await call(server.base, `/api${path}`, { method, headers: { authorization }, body });
  expectStatus(response, 200, `${method} ${path}`);
  return response.json();
}

async function inviteInstructor(server, owner, orgPath, establishmentId, [firstName, lastName]) {
  const email = `${firstName.toLowerCase()}@estudio-equilibrio.example`;
  const member = await signUp(server, email, firstName, lastName);
  const invited = await post(server, owner.authorization, `${orgPath}/staff/invite`, {
    email,
    role: null,
    establishments: [{ establishmentId, role: 'EST_INSTRUCTOR' }],
  });
  const token = invited.inviteUrl.split('/staff-invite/')[1];
  await post(server, member.authorization, `/invitations/accept/${token}`, undefined, 200);
  return member.id;
}

/** Seeds the studio on `server`; returns what the screenshots need to find their pages. */
export async function seedSampleStudio(server) {
  const random = prng(27);
  const email = 'marina@estudio-equilibrio.example';
  const owner = await signUp(server, email, 'Marina', 'Costa');
  const organization = await post(server, owner.authorization, '/organizations', {
    name: 'Estúdio Equilíbrio',
    description: 'Pilates na Vila Madalena',
  });
  const orgPath = `/organizations/${organization.id}`;
  const put = (path, body) => request(server, owner.authorization, 'PUT', `${orgPath}${path}`, body);
  const get = (path) => request(server, owner.authorization, 'GET', `${orgPath}${path}`);
  const create = (path, body, status = 201) =>
    post(server, owner.authorization, `${orgPath}${path}`, body, status);
  const checkIn = (sessionId, customerId) => create(`/sessions/${sessionId}/check-ins`, { customerId }, 200);

  const establishment = await create('/establishments', { name: 'Vila Madalena', phone: '(11) 3333-4444' });
  const instructors = [];
  for (const name of [
    ['Juliana', 'Alves'],
    ['Rafael', 'Souza'],
  ]) {
    instructors.push(await inviteInstructor(server, owner, orgPath, establishment.id, name));
  }
  await put('/pix-settings', {
    pixKey: 'financeiro@estudio-equilibrio.example',
    pixMerchantName: 'Estudio Equilibrio',
    pixMerchantCity: 'Sao Paulo',
  });
  const plans = {};
  for (const { key, ...plan } of PLANS) {
    const body = {
      ...plan,
      description: `${plan.name}, no reformer`,
      currency: 'BRL',
      features: ['Reformer'],
    };
    plans[key] = await create('/customer-plans', body);
  }
  const schedules = [];
  for (const [name, startTime, endTime, daysOfWeek, capacity, instructor] of CLASSES) {
    schedules.push(
      await create('/schedules', {
        name,
        type: 'GROUP',
        establishmentId: establishment.id,
        staffUserId: instructors[instructor],
        capacity,
        startTime,
        endTime,
        startDate: localDate(-56),
        endDate: localDate(120),
        recurrenceType: 'WEEKLY',
        daysOfWeek,
      }),
    );
  }

  // Customers: four per class, enrolled eight weeks ago; some birthdays fall this week.
  const customers = [];
  for (const [i, firstName] of FIRST.entries()) {
    const lastName = LAST[i];
    const slug = `${firstName}.${lastName}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const birthday = i % 7 === 0 ? localDate(1 + (i % 5)).slice(5) : `0${1 + (i % 9)}-${10 + (i % 18)}`;
    const customer = await create('/customers', {
      firstName,
      lastName,
      email: `${slug}@example.com`,
      phone: `(11) 9${8100 + i * 37}-${String(1000 + i * 211).slice(0, 4)}`,
      isWhatsapp: true,
      dateOfBirth: `${1968 + ((i * 7) % 35)}-${birthday}`,
    });
    const schedule = schedules[i % schedules.length];
    const plan = plans[`${CLASSES[i % CLASSES.length][3].length}x`];
    const enrollment = await create('/enrollments', {
      customerId: customer.id,
      planId: plan.id,
      scheduleId: schedule.id,
      startDate: localDate(-56),
      // Set by hand: an enrollment left to its plan would end after one cycle (renewing it is a click a month).
      endDate: localDate(120),
    });
    customers.push({ ...customer, name: `${firstName} ${lastName}`, schedule, plan, enrollment });
  }
  // Daniela and Lucas stopped coming four weeks ago; Fernanda owes her last two months.
  const stoppedComing = new Set([3, 20]);
  const owes = new Set([5]);

  const sessions = await get(`/sessions?from=${localDate(-56)}&to=${localDate(0)}`);
  const today = localDate(0);
  for (const session of sessions.items) {
    if (session.date >= today) continue;
    const recent = session.date >= localDate(-28);
    for (const [i, customer] of customers.entries()) {
      if (customer.schedule.id !== session.scheduleId) continue;
      if ((recent && stoppedComing.has(i)) || random() < 0.12) continue;
      await checkIn(session.id, customer.id);
    }
  }

  // The session the screenshot opens: today's first, three of its customers checked in already.
  const thisWeek = await get(`/sessions?from=${today}&to=${localDate(6)}`);
  const shown = thisWeek.items.find((session) => session.date === today) ?? thisWeek.items[0];
  if (!shown) throw new Error('The sample studio has no session this week');
  const roster = customers.filter((customer) => customer.schedule.id === shown.scheduleId);
  if (shown.date === today) {
    for (const customer of roster.slice(0, 3)) {
      await checkIn(shown.id, customer.id);
    }
  }

  // Last month's and this month's fees: most paid, by PIX more than anything.
  for (const [i, customer] of customers.entries()) {
    if (owes.has(i)) continue;
    for (const [cycle, offset] of [
      [0, -56],
      [1, -26],
    ]) {
      await create('/payments', {
        customerId: customer.id,
        enrollmentId: customer.enrollment.id,
        amountCents: customer.plan.priceCents,
        currency: 'BRL',
        paidOn: localDate(offset + cycle + (i % 4)),
        method: METHODS[(i + cycle) % METHODS.length],
        status: 'COMPLETED',
      });
    }
  }
  const pending = customers[1];
  await create('/payments', {
    customerId: pending.id,
    enrollmentId: pending.enrollment.id,
    amountCents: pending.plan.priceCents,
    currency: 'BRL',
    paidOn: localDate(0),
    method: 'PIX',
    status: 'PENDING',
  });

  return {
    organizationId: organization.id,
    owner: { email, password: BENCH_PASSWORD },
    sessionId: shown.id,
    sessionName: shown.scheduleName,
    sessionCustomer: roster[0]?.name ?? '',
    pending,
  };
}

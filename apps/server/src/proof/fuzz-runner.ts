import type { TestApp } from '../test/test-app.ts';
import type { FuzzCase } from './fuzz-cases.ts';
import { changedTables, hasErrorShape, tenantDigest } from './oracles.ts';

export type Answer = { status: number; text: string; body: unknown };
export type Sent = { fuzz: FuzzCase; answer: Answer };

/** Sends the case exactly as generated (raw bodies and content types included), in-process. */
export async function sendCase(t: TestApp, token: string, fuzz: FuzzCase): Promise<Answer> {
  const headers: Record<string, string> = {
    origin: 'http://localhost:3000',
    authorization: `Bearer ${token}`,
  };
  let body: string | undefined;
  if (fuzz.body && 'json' in fuzz.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fuzz.body.json);
  } else if (fuzz.body) {
    headers['content-type'] = fuzz.body.contentType;
    body = fuzz.body.raw;
  }
  const response = await t.app.request(`/api${fuzz.path}`, { method: fuzz.method, headers, body });
  const text = await response.text();
  return { status: response.status, text, body: parseJson(text) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Long runs of one character shortened, so a 100,000-character value still reads in a report. */
function shorten(text: string): string {
  return text.replace(/(.)\1{40,}/gsu, (run, char: string) => `${char}…×${[...run].length}`).slice(0, 600);
}

export function describeCase({ fuzz, answer }: Sent): string {
  const body = !fuzz.body
    ? ''
    : 'json' in fuzz.body
      ? ` body ${JSON.stringify(fuzz.body.json)}`
      : ` body (${fuzz.body.contentType}) ${JSON.stringify(fuzz.body.raw)}`;
  return shorten(`${fuzz.method} ${fuzz.path}${body} → ${answer.status} ${answer.text}`);
}

/** Never a 5xx; every 4xx in the error shape. */
export function answerProblem(answer: Answer): string | null {
  if (answer.status >= 500) return '5xx';
  if (answer.status >= 400 && !hasErrorShape(answer.body)) return '4xx without {error:{code,message}}';
  return null;
}

/**
 * A batch changed a tenant table. Its successful requests may have done it; the rejected ones may not. The
 * rejected ones are sent again, and the half that still changes something is halved until one request is
 * named — with the tables it changed.
 */
export async function rejectedWriters(t: TestApp, token: string, rejected: Sent[]): Promise<string[]> {
  if (!rejected.length) return [];
  const before = await tenantDigest(t.db);
  const replayed: Sent[] = [];
  for (const { fuzz } of rejected) replayed.push({ fuzz, answer: await sendCase(t, token, fuzz) });
  const changed = changedTables(before, await tenantDigest(t.db));
  if (!changed.length) return [];
  const [only] = replayed;
  if (replayed.length === 1 && only) {
    return only.answer.status < 400 ? [] : [`writes ${changed.join(', ')}: ${describeCase(only)}`];
  }
  const half = Math.ceil(rejected.length / 2);
  return [
    ...(await rejectedWriters(t, token, rejected.slice(0, half))),
    ...(await rejectedWriters(t, token, rejected.slice(half))),
  ];
}

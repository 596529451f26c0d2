import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import ptBR from '@reformer/domain/i18n/pt_BR.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVAILABLE_FEATURES,
  CHURN_RISK_OPERATION,
  COMING_FEATURES,
} from '../../web/src/features/landing/product-claims.ts';
import { documentOperations } from './proof/requests.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * The public site says what the product does (issue #27): what it calls available is built, what it calls
 * coming is not — held to the API's own /api/openapi.json — and its words never call a feature unbuilt
 * anywhere but in its list of coming features, which the first two tests keep honest.
 */

let t: TestApp;
let operations: string[];
let paths: string[];

beforeAll(async () => {
  t = await createTestApp();
  const document = await documentOperations(t);
  operations = document.map((operation) => operation.key);
  paths = [...new Set(document.map((operation) => operation.path))];
});

afterAll(async () => {
  await t.close();
});

describe('the features the public site presents as available', () => {
  it('each has the API operations it names', () => {
    const missing = AVAILABLE_FEATURES.flatMap(({ id, operations: needed }) =>
      needed.filter((operation) => !operations.includes(operation)).map((operation) => `${id}: ${operation}`),
    );
    expect(missing).toEqual([]);
    expect(operations).toContain(CHURN_RISK_OPERATION);
  });
});

describe('the features the public site presents as coming', () => {
  it('have no route yet — once one exists, move the feature to the available list', () => {
    const built = COMING_FEATURES.flatMap(({ id, route }) =>
      paths.filter((path) => route.test(path)).map((path) => `${id}: ${path}`),
    );
    expect(built).toEqual([]);
  });

  it('are each watched by a pattern that matches the route such a feature would add', () => {
    for (const { id, route, example } of COMING_FEATURES) {
      expect(route.test(example), `${id}: ${route} does not match ${example}`).toBe(true);
    }
  });
});

type Catalog = typeof enUS;
const CATALOGS: [string, Catalog][] = [
  ['en_US', enUS],
  ['pt_BR', ptBR],
];

/** Every text of a catalog section with its key, `public.home.hero.title` → "Run your…". */
function texts(node: unknown, key: string): [string, string][] {
  if (typeof node === 'string') return [[key, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([child, value]) => texts(value, `${key}.${child}`));
}

/** How the site used to call built features unbuilt, in both languages. */
const NOT_BUILT =
  /not (yet )?available|not yet|on the (roadmap|way)|under (development|construction)|coming soon|no roteiro|em construção|ainda não|não está disponível|indisponível|em breve|a caminho/i;

describe('the public site catalogs (the `public` section of both languages)', () => {
  it.each(CATALOGS)('%s calls nothing unbuilt outside the coming features', (_language, catalog) => {
    const comingKeys = 'public.home.coming.';
    const offending = texts(catalog.public, 'public').filter(
      ([key, text]) => !key.startsWith(comingKeys) && NOT_BUILT.test(text),
    );
    expect(offending).toEqual([]);
  });

  it.each(CATALOGS)('%s has the title and text of every feature the site lists', (_language, catalog) => {
    const home = catalog.public.home;
    const features: Record<string, { title?: string; text?: string }> = home.features.items;
    const coming: Record<string, { title?: string; text?: string }> = home.coming.items;
    for (const { id } of AVAILABLE_FEATURES) {
      expect(features[id]?.title && features[id]?.text, `features.items.${id}`).toBeTruthy();
    }
    for (const { id } of COMING_FEATURES) {
      expect(coming[id]?.title && coming[id]?.text, `coming.items.${id}`).toBeTruthy();
    }
    expect(Object.keys(features).sort()).toEqual(AVAILABLE_FEATURES.map(({ id }) => id).sort());
    expect(Object.keys(coming).sort()).toEqual(COMING_FEATURES.map(({ id }) => id).sort());
  });

  it('says Excel workbooks are imported as they are', () => {
    for (const [, catalog] of CATALOGS) {
      const all = texts(catalog.public, 'public').map(([, text]) => text);
      expect(all.some((text) => text.includes('.xlsx'))).toBe(true);
      expect(
        all.filter((text) => /save (the|your) sheet as CSV|salve a planilha como CSV/i.test(text)),
      ).toEqual([]);
    }
  });
});

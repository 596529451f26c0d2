// `npm run check:migrations` (decision 047, in `npm run validate`): migrations expand, then contract. During a
// rolling upgrade the old release and the new one run on one schema, so a migration newer than BASELINE may not
// drop, rename or retype what the old release still uses, nor make an existing column NOT NULL (the old
// release's inserts leave it empty). Such a statement passes only when its file says which release stopped
// using the object, by a comment of its own:
//
//   -- contract: customers.search_text unused since <release>
//
// (`<table>.<column>`, or `<table>` for the whole table; `<release>` the release, at least one before this
// one, whose code no longer reads or writes it). Exit 1 with each statement refused and why.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The last migration written before the rule: those up to it are history, the rule reads the ones after. */
export const BASELINE = '0030_contracts_and_consents.sql';

const MARKER = /^[ \t]*--[ \t]*contract:[ \t]*("?\w+"?(?:\."?\w+"?)?)[ \t]+unused since[ \t]+(\S[^\n]*)$/gim;
const IDENTIFIER = '"?([\\w]+)"?';
/** `"public"."customers"`, `customers`: the table's name without its schema and quotes. */
const TABLE = `(?:ONLY\\s+)?(?:"?\\w+"?\\.)?${IDENTIFIER}`;

const unquote = (name) => name.replaceAll('"', '').toLowerCase();

/** The statements of a migration, comments removed (Drizzle separates them with `--> statement-breakpoint`). */
function statementsOf(sql) {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * What a statement takes away from the previous release: [{ object, what }] (`object` is `table` or
 * `table.column`), empty when it only adds.
 */
export function contractionsOf(statement) {
  const found = [];
  const drop = new RegExp(`^DROP TABLE (?:IF EXISTS )?${TABLE}`, 'i').exec(statement);
  if (drop) found.push({ object: unquote(drop[1]), what: 'DROP TABLE' });
  const alter = new RegExp(`^ALTER TABLE (?:IF EXISTS )?${TABLE} (.*)$`, 'i').exec(statement);
  if (!alter) return found;
  const table = unquote(alter[1]);
  // One ALTER TABLE may carry several actions, separated by commas.
  for (const action of alter[2].split(/,(?![^(]*\))/).map((part) => part.trim())) {
    const column = (pattern) => new RegExp(pattern, 'i').exec(action)?.[1];
    const dropped = column(`^DROP (?:COLUMN )?(?:IF EXISTS )?${IDENTIFIER}`);
    if (dropped && !/^DROP CONSTRAINT/i.test(action))
      found.push({ object: `${table}.${unquote(dropped)}`, what: 'DROP COLUMN' });
    const renamedColumn = column(`^RENAME (?:COLUMN )?${IDENTIFIER} TO`);
    if (/^RENAME TO /i.test(action)) found.push({ object: table, what: 'RENAME' });
    else if (renamedColumn && !/^RENAME CONSTRAINT/i.test(action))
      found.push({ object: `${table}.${unquote(renamedColumn)}`, what: 'RENAME' });
    const retyped = column(`^ALTER (?:COLUMN )?${IDENTIFIER} (?:SET DATA )?TYPE `);
    if (retyped) found.push({ object: `${table}.${unquote(retyped)}`, what: 'ALTER … TYPE' });
    const required = column(`^ALTER (?:COLUMN )?${IDENTIFIER} SET NOT NULL`);
    if (required) found.push({ object: `${table}.${unquote(required)}`, what: 'SET NOT NULL' });
  }
  return found;
}

/**
 * What a statement adds: tables created, columns added ({ object, defaulted }), column defaults set. A
 * column the previous release does not know is the new release's to change — except made NOT NULL without
 * a default: the previous release's inserts, which leave it out, would fail.
 */
function additionsOf(statement) {
  const created = new RegExp(`^CREATE TABLE (?:IF NOT EXISTS )?${TABLE}`, 'i').exec(statement);
  if (created) return [{ object: unquote(created[1]), defaulted: true }];
  const alter = new RegExp(`^ALTER TABLE (?:IF EXISTS )?${TABLE} (.*)$`, 'i').exec(statement);
  if (!alter) return [];
  const table = unquote(alter[1]);
  const added = [];
  for (const action of alter[2].split(/,(?![^(]*\))/).map((part) => part.trim())) {
    const column = new RegExp(`^ADD (?:COLUMN )?(?:IF NOT EXISTS )?${IDENTIFIER}`, 'i').exec(action)?.[1];
    if (column && !/^ADD CONSTRAINT/i.test(action))
      added.push({ object: `${table}.${unquote(column)}`, defaulted: /\bDEFAULT\b/i.test(action) });
    const defaulted = new RegExp(`^ALTER (?:COLUMN )?${IDENTIFIER} SET DEFAULT`, 'i').exec(action)?.[1];
    if (defaulted) added.push({ object: `${table}.${unquote(defaulted)}`, defaultOnly: true });
  }
  return added;
}

/**
 * A contraction of what the migration itself added before it: null if it did not add it, else the reasons
 * to refuse it all the same (none: let it through).
 */
function onWhatItAdded(contraction, added) {
  if (added.has(contraction.object.split('.')[0])) return [];
  const column = added.get(contraction.object);
  if (!column) return null;
  return contraction.what === 'SET NOT NULL' && !column.defaulted ? ['SET NOT NULL without a DEFAULT'] : [];
}

/**
 * The rule on one migration's text: the statements that contract without a marker naming their object (or
 * its table) and a release. Returns [{ object, what, statement }], empty when the migration may run during a
 * rolling upgrade.
 */
export function contractionsWithoutMarker(sql) {
  const marked = new Set([...sql.matchAll(MARKER)].map((match) => unquote(match[1])));
  // What the migration added so far, in its order: a column dropped and then added again is still dropped.
  const added = new Map();
  const refused = [];
  for (const statement of statementsOf(sql)) {
    for (const contraction of contractionsOf(statement)) {
      const reasons = onWhatItAdded(contraction, added);
      if (reasons?.length === 0) continue;
      if (marked.has(contraction.object) || marked.has(contraction.object.split('.')[0])) continue;
      refused.push({ ...contraction, what: reasons?.[0] ?? contraction.what, statement });
    }
    for (const addition of additionsOf(statement)) {
      if (!addition.defaultOnly) added.set(addition.object, { defaulted: addition.defaulted });
      else if (added.has(addition.object)) added.get(addition.object).defaulted = true;
    }
  }
  return refused;
}

/** The migrations after BASELINE in `folder`, in order. */
export function migrationsAfterBaseline(folder) {
  return readdirSync(folder)
    .filter((name) => /^\d{4}_.*\.sql$/.test(name) && name > BASELINE)
    .sort();
}

function main() {
  const folder = fileURLToPath(new URL('../apps/server/src/db/migrations', import.meta.url));
  const names = migrationsAfterBaseline(folder);
  let refusals = 0;
  for (const name of names) {
    for (const { object, what, statement } of contractionsWithoutMarker(
      readFileSync(join(folder, name), 'utf8'),
    )) {
      refusals += 1;
      console.error(`${name}: ${what} on ${object} without "-- contract: ${object} unused since <release>"`);
      console.error(`  ${statement.slice(0, 200)}`);
    }
  }
  if (refusals > 0) {
    console.error(
      `\n${refusals} statement(s) take away what the running release may still use (decision 047: expand, ` +
        'then contract). Add the new and keep the old in this release; drop it in a later one, saying in ' +
        'that migration which release stopped using it.',
    );
    process.exit(1);
  }
  console.log(`Migrations after ${BASELINE}: ${names.length}, each only expands or says what it contracts.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();

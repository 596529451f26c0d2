import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ConstructorOptions as JobStoreOptions } from 'pg-boss';
import { ensureRowLevelSecurity, type RowLevelSecurityReport, TENANT_ROLE } from './row-level-security.ts';
import * as schema from './schema/index.ts';

/** The Drizzle database the repositories take; the same whether PostgreSQL is embedded or a server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback; repositories that must run inside one take it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  /** As the connecting user: migrations, jobs, sign-in and the routes that are not one organization's. */
  db: Database;
  /**
   * As the tenant role, under row-level security (db/row-level-security.ts): the routes of one organization
   * run on it, in a transaction that names the organization (auth/access.ts). Usable after `migrate()`.
   */
  tenantDb: Database;
  /** Where it is, for a command run beside the server (tests spawn the CLI on it). */
  url: string;
  /** Applies the migrations and puts up the wall (db/row-level-security.ts), saying what it could not tune. */
  migrate(): Promise<RowLevelSecurityReport>;
  /** Runs a raw statement; for health checks and tests. */
  execute(sql: string): Promise<void>;
  /** How pg-boss reaches the same database, so jobs live beside the data they act on. */
  jobStore: JobStoreOptions;
  /** The pools' use, for the metrics (observability/resource-metrics.ts). */
  poolStats(): PoolStats[];
  close(): Promise<void>;
};

/** One pool's connections and how long requests took to get one, as the metrics report them. */
export type PoolStats = {
  pool: string;
  total: number;
  idle: number;
  max: number;
  /** Requests for a connection queued right now, every connection being in use. */
  waiting: number;
  /** Since start: connections handed out, and the time from asking to getting them, in all. */
  acquisitions: number;
  acquireSeconds: number;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Set at connection start on every connection of both pools, after any `options` the URL carries, so that
 * these win (pg lets the URL's replace the pool's own, and they win over a database's or role's defaults):
 * named prepared statements (db/prepared.ts) would otherwise switch to one generic plan after five runs,
 * whether or not one plan serves every value (the customer search's words too short for its index, decision
 * 007); those it does serve ask for it (`withGenericPlan`). Dates and times are read as PostgreSQL writes them in the ISO style (Drizzle's dates, the API's
 * instants in db/joins.ts): a server set to another DateStyle would have them misread.
 */
const CONNECTION_SETTINGS = '-c plan_cache_mode=force_custom_plan -c DateStyle=ISO';

/**
 * The organization requests' planner costs, set before the URL's `options`, so that a DATABASE_URL's own
 * (`-c random_page_cost=4` for a database on network storage) wins. A page read out of order costs about what
 * one read in order does: a studio's database, or a host's working set, is in memory or on SSD, not on the
 * spinning disk PostgreSQL's default (4) prices. With that default the planner counted a search's matches by
 * reading every customer of the studio rather than through the trigram index, five times as long (1.5 ms
 * against 0.3 for "silva" in bench:load's 2,000; decision 018). The main pool's migrations and jobs, whose
 * plans were not measured under it, keep the server's setting.
 */
const TENANT_PLANNER_COSTS = '-c random_page_cost=1.1';

/** The tenant pool's connection settings; bench/floor.mjs opens its connections with the same. */
export const TENANT_POOL_SETTINGS = {
  settings: `${CONNECTION_SETTINGS} -c role=${TENANT_ROLE}`,
  defaults: TENANT_PLANNER_COSTS,
};

function withConnectionSettings(databaseUrl: string, settings: string, defaults: string): string {
  if (!URL.canParse(databaseUrl)) return databaseUrl;
  const url = new URL(databaseUrl);
  const options = [defaults, url.searchParams.get('options'), settings].filter(Boolean).join(' ');
  url.searchParams.set('options', options);
  return url.toString();
}

/**
 * A request's queries share one connection when they run in its transaction, and routes still start
 * independent reads side by side (Promise.all). pg queues such queries itself but deprecates it (pg 9 drops
 * it), so this client queues promise-style calls explicitly, in the order they were made — unless it
 * pipelines (`pipeline: true`, the tenant pool's): then pg sends each query at once, in order, each with its
 * own Sync, and there is nothing to queue.
 */
export class QueuedClient extends pg.Client {
  /** The transaction's opening, corked until its first query goes out in the same write (`openWith`). */
  #opening = false;

  constructor(config?: pg.ClientConfig) {
    super(config);
    // A connection the server drops while a request holds it (between two queries of a transaction) emits
    // 'error' on the client, which the pool hears only while the client is idle; unheard, it would take the
    // process down. The client is then unusable: its next query fails (503) and the pool discards it.
    this.on('error', () => {});
    // Looked up on every call, not bound once: a test may watch the prototype's method.
    const query = (...args: unknown[]) =>
      (pg.Client.prototype.query as (...args: unknown[]) => unknown).apply(this, args);
    let tail: Promise<unknown> = Promise.resolve();
    this.query = ((...args: unknown[]) => {
      if (this.pipeline) {
        // pg writes the query before returning. The opening held back goes out with it, and with any query
        // started beside it (Promise.all, whose queries all start before a microtask queued now runs).
        const sent = query(...args);
        if (this.#opening) queueMicrotask(() => this.sendOpening());
        return sent;
      }
      const [first] = args;
      const callback = typeof args[args.length - 1] === 'function';
      const submittable = typeof (first as { submit?: unknown } | undefined)?.submit === 'function';
      if (callback || submittable) return query(...args);
      const run = tail.then(() => query(...args));
      tail = run.catch(() => {});
      return run;
    }) as typeof this.query;
  }

  /**
   * `text` (a transaction's BEGIN and setting) sent with the next query — and the queries started beside
   * it — in one write, so that they cost one round trip instead of two (decision 018); its answer is awaited
   * later, when the transaction ends. On a client that does not pipeline, it is simply sent.
   */
  openWith(text: string): Promise<unknown> {
    if (!this.pipeline) return this.query(text);
    this.sendOpening();
    this.#stream().cork();
    this.#opening = true;
    return (pg.Client.prototype.query as (text: string) => Promise<unknown>).call(this, text);
  }

  /** Sends the opening held back by `openWith` now, if no query has taken it along yet. */
  sendOpening(): void {
    if (!this.#opening) return;
    this.#opening = false;
    this.#stream().uncork();
  }

  #stream(): { cork(): void; uncork(): void } {
    return (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection
      .stream;
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: () => void,
) => void;

/**
 * A pool that adds up how long each request for a connection took to be served: nothing when one is idle,
 * the time to open one when the pool has room, and the wait for another request to release one when every
 * connection is in use — the sign that the pool, not PostgreSQL, holds requests back (decision 018's
 * step 3). Measured here because pg's pool tells when a connection is handed out, not when it was asked for.
 */
class ObservedPool extends pg.Pool {
  acquisitions = 0;
  acquireSeconds = 0;
  readonly max: number;

  constructor(config: pg.PoolConfig & { max: number }) {
    super(config);
    this.max = config.max;
    const connect = this.connect.bind(this) as (
      callback?: ConnectCallback,
    ) => Promise<pg.PoolClient> | undefined;
    this.connect = ((callback?: ConnectCallback) => {
      const asked = performance.now();
      const served = () => {
        this.acquisitions += 1;
        this.acquireSeconds += (performance.now() - asked) / 1000;
      };
      if (!callback) return (connect() as Promise<pg.PoolClient>).finally(served);
      return connect((error, client, release) => {
        served();
        callback(error, client, release);
      });
    }) as typeof this.connect;
  }

  stats(pool: string): PoolStats {
    const {
      totalCount: total,
      idleCount: idle,
      waitingCount: waiting,
      max,
      acquisitions,
      acquireSeconds,
    } = this;
    return { pool, total, idle, max, waiting, acquisitions, acquireSeconds };
  }
}

function openPool(
  databaseUrl: string,
  { settings, defaults = '' }: { settings: string; defaults?: string },
  max: number,
  pipeline = false,
): ObservedPool {
  const pool = new ObservedPool({
    connectionString: withConnectionSettings(databaseUrl, settings, defaults),
    options: [defaults, settings].filter(Boolean).join(' '),
    max,
    Client: QueuedClient,
    pipeline,
  });
  // An idle connection the server closes (restart, failover, a dropped database) emits 'error' on the pool;
  // unheard, it would crash the process. The pool discards that client and opens a new one when needed.
  pool.on('error', (error) => {
    console.error(`[database] idle connection lost: ${(error as { code?: string }).code ?? error.message}`);
  });
  return pool;
}

/** A pool on the PostgreSQL at `databaseUrl`: the embedded one (db/embedded-postgres) or DATABASE_URL. */
export function openDatabase(databaseUrl: string): DatabaseHandle {
  const pool = openPool(databaseUrl, { settings: CONNECTION_SETTINGS }, 10);
  // Opens its connections only when first used, after `migrate()` has made sure the role exists. Its
  // connections pipeline: a transaction's BEGIN goes out with its first query (organizationTransaction).
  const tenantPool = openPool(databaseUrl, TENANT_POOL_SETTINGS, 10, true);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  const tenantDb = drizzlePg(tenantPool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    tenantDb: tenantDb as unknown as Database,
    url: databaseUrl,
    migrate: async () => {
      await migratePg(db, { migrationsFolder });
      const client = await pool.connect();
      try {
        return await ensureRowLevelSecurity(client);
      } finally {
        client.release();
      }
    },
    execute: async (sql) => {
      await pool.query(sql);
    },
    jobStore: { connectionString: databaseUrl, max: 4 },
    poolStats: () => [pool.stats('main'), tenantPool.stats('tenant')],
    close: async () => {
      await Promise.all([pool.end(), tenantPool.end()]);
    },
  };
}

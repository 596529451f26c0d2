import { once } from 'node:events';
import type { Socket } from 'node:net';
import { Readable, Writable } from 'node:stream';
import type pg from 'pg';

/**
 * `COPY … TO STDOUT` and `COPY … FROM STDIN` as streams, through the submittable interface `pg` offers custom
 * queries (pg-cursor's): the client hands the active query each CopyData and CopyInResponse message. The
 * rows flow through without a table ever being held whole, and the socket is paused while the reader lags,
 * so PostgreSQL waits too. (pg-copy-streams does the same; it would be a dependency for ~100 lines.)
 */
type Connection = {
  stream: Socket;
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
};

/** PostgreSQL's CommandComplete for COPY is `COPY <rows>`. */
function copiedRows(message: { text?: string }): number {
  return Number(/^COPY (\d+)$/.exec(message.text ?? '')?.[1] ?? Number.NaN);
}

/** The rows of `COPY … TO STDOUT`, one chunk per row; `rows` is set once the stream has ended. */
export class CopyOut extends Readable {
  rows = Number.NaN;
  private connection: Connection | null = null;
  private failed = false;

  constructor(private readonly text: string) {
    super({ highWaterMark: 1024 * 1024 });
  }

  submit(connection: pg.Connection) {
    this.connection = connection as unknown as Connection;
    this.connection.query(this.text);
  }

  override _read() {
    this.connection?.stream.resume();
  }

  handleCopyData(message: { chunk: Buffer }) {
    // The message's bytes are a view of the parser's buffer, which it reuses for the next messages.
    if (!this.push(Buffer.from(message.chunk))) this.connection?.stream.pause();
  }

  handleCommandComplete(message: { text?: string }) {
    this.rows = copiedRows(message);
  }

  handleReadyForQuery() {
    this.connection?.stream.resume();
    if (!this.failed) this.push(null);
  }

  handleError(error: Error) {
    this.failed = true;
    this.connection?.stream.resume();
    this.destroy(error);
  }

  handleCopyInResponse(connection: Connection) {
    connection.sendCopyFail('COPY TO expected');
  }

  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

/** Feeds `COPY … FROM STDIN`; `finished` resolves with the rows PostgreSQL loaded. */
export class CopyIn extends Writable {
  private connection: Connection | null = null;
  private readonly ready: Promise<void>;
  private markReady: () => void = () => {};
  private settle: (error: Error | null) => void = () => {};
  private rows = Number.NaN;
  private error: Error | null = null;
  readonly finished: Promise<number>;

  constructor(private readonly text: string) {
    super({ highWaterMark: 1024 * 1024 });
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.finished = new Promise((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve(this.rows));
    });
    // Whoever awaits `finished` hears the failure; the stream's own 'error' must not crash the process.
    this.finished.catch(() => {});
  }

  submit(connection: pg.Connection) {
    this.connection = connection as unknown as Connection;
    this.connection.query(this.text);
  }

  handleCopyInResponse() {
    this.markReady();
  }

  override async _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    await this.ready;
    const { connection } = this;
    if (this.error || !connection) return done(this.error ?? new Error('COPY was not started'));
    connection.sendCopyFromChunk(chunk);
    if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
    done();
  }

  override async _final(done: (error?: Error | null) => void) {
    await this.ready;
    if (!this.error) this.connection?.endCopyFrom();
    this.finished.then(
      () => done(),
      (error: Error) => done(error),
    );
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    // Abandoned mid-way (the source failed): PostgreSQL ends the COPY with an error, so nothing of it stays.
    if (error && this.connection && !this.error) this.connection.sendCopyFail(error.message);
    done(error);
  }

  handleCommandComplete(message: { text?: string }) {
    this.rows = copiedRows(message);
  }

  handleError(error: Error) {
    this.error = error;
    // An error before the COPY began (a missing table) comes without CopyInResponse.
    this.markReady();
    // pg lets go of a query that failed: its ReadyForQuery goes to no one.
    this.settle(error);
  }

  handleReadyForQuery() {
    this.settle(this.error);
  }

  handleCopyData() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

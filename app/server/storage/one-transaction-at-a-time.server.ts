import type { SqlDriverAdapterFactory } from "@prisma/client/runtime/client";

type SqlDriverAdapter = Awaited<ReturnType<SqlDriverAdapterFactory["connect"]>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;
type SqlQuery = Parameters<SqlDriverAdapter["queryRaw"]>[0];

/**
 * The SQLite adapter with one rule added: a query made outside a transaction waits while one is open
 * (docs/decisions/040-one-transaction-at-a-time-on-sqlite.md). `@prisma/adapter-better-sqlite3` has one
 * connection and locks it only to start a transaction, so another request's query ran inside an open
 * transaction: its rollback erased that request's acknowledged write, and a read saw uncommitted rows.
 *
 * Transactions and outside queries go in the order they came. better-sqlite3 runs a statement
 * synchronously as the adapter's method is called, so a query that found no transaction queued has run
 * before anything else can start one, and a queued query runs before any transaction queued after it.
 */
export function oneTransactionAtATime(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => new SerialisedAdapter(await factory.connect()),
  };
}

class SerialisedAdapter implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter["provider"];
  readonly adapterName: string;
  readonly #connection: SqlDriverAdapter;
  /** Settles once every transaction started or queued so far has ended. */
  #transactionsEnded: Promise<void> = Promise.resolve();
  /** Transactions open or waiting to open. */
  #transactions = 0;

  constructor(connection: SqlDriverAdapter) {
    this.#connection = connection;
    this.provider = connection.provider;
    this.adapterName = connection.adapterName;
  }

  #afterTransactions<T>(run: () => Promise<T>): Promise<T> {
    return this.#transactions === 0 ? run() : this.#transactionsEnded.then(run);
  }

  queryRaw(query: SqlQuery) {
    return this.#afterTransactions(() => this.#connection.queryRaw(query));
  }

  executeRaw(query: SqlQuery) {
    return this.#afterTransactions(() => this.#connection.executeRaw(query));
  }

  executeScript(script: string) {
    return this.#afterTransactions(() => this.#connection.executeScript(script));
  }

  async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]): Promise<Transaction> {
    const previous = this.#transactionsEnded;
    let end!: () => void;
    this.#transactionsEnded = new Promise((resolve) => (end = resolve));
    this.#transactions++;
    let ended = false;
    const ending = () => {
      if (ended) return;
      ended = true;
      this.#transactions--;
      end();
    };
    await previous;
    try {
      return new EndingTransaction(await this.#connection.startTransaction(isolationLevel), ending);
    } catch (error) {
      ending();
      throw error;
    }
  }

  dispose() {
    return this.#connection.dispose();
  }
}

/** Prisma ends a transaction with one of these statements, then calls `commit()` or `rollback()`. */
const ENDING_STATEMENT = /^\s*(COMMIT|ROLLBACK)\b/i;
const ROLLBACK: SqlQuery = { sql: "ROLLBACK", args: [], argTypes: [] };

/**
 * A transaction that lets the queries waiting for it go once it is committed or rolled back. When the
 * statement that ends it fails (a COMMIT refused with SQLITE_FULL leaves SQLite's transaction open),
 * Prisma calls neither `commit()` nor `rollback()`: it is rolled back and let go here, else the
 * connection would stay inside it and every later query wait for it.
 */
class EndingTransaction implements Transaction {
  readonly provider: Transaction["provider"];
  readonly adapterName: string;
  readonly options: Transaction["options"];
  readonly #transaction: Transaction;
  readonly #ended: () => void;

  constructor(transaction: Transaction, ended: () => void) {
    this.#transaction = transaction;
    this.#ended = ended;
    this.provider = transaction.provider;
    this.adapterName = transaction.adapterName;
    this.options = transaction.options;
  }

  queryRaw(query: SqlQuery) {
    return this.#transaction.queryRaw(query);
  }

  async executeRaw(query: SqlQuery) {
    try {
      return await this.#transaction.executeRaw(query);
    } catch (error) {
      if (ENDING_STATEMENT.test(query.sql)) await this.#abandon();
      throw error;
    }
  }

  async #abandon() {
    await this.#transaction.executeRaw(ROLLBACK).catch(() => {}); // none open any more: nothing to do
    await this.rollback();
  }

  commit() {
    return this.#transaction.commit().finally(this.#ended);
  }

  rollback() {
    return this.#transaction.rollback().finally(this.#ended);
  }
}

// npm run doctor [-- --mail-to ADDRESS]: checks an install, one line per check, and exits 1 when
// something is wrong (docs/operations.md, "Checking an install"). Safe while the site serves: it only
// reads (the database read-only), except a probe file in each folder and, with --mail-to, one message.
// In the container: docker exec NAME npm run doctor.
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import nodemailer from "nodemailer";
import pg from "pg";
import { readConfig, serverProcessEnv } from "../core/config.mjs";
import { diskRoom, megabytes } from "../core/disk.mjs";
import { BACKGROUND_LEADER_LOCK, LEADER_APPLICATION_PREFIX, LEADER_HOLDER_SQL } from "../core/leader.mjs";
import { migrationStatus, postgresMigrationStatus } from "./ops/migrations.mjs";
import { assertWritable } from "./ops/prepare.mjs";
import { proxyMismatch } from "../core/proxy.mjs";
import { releaseInfo } from "../core/release.mjs";
import { SUPPORTED_NODE, unsupportedNode } from "../core/runtime.mjs";
import { transportOptions } from "../core/smtp.mjs";

/** @typedef {"ok" | "warn" | "fail"} Verdict */
/** @type {{name: string, verdict: Verdict, detail: string}[]} */
const results = [];

/** @param {string} name @param {Verdict} verdict @param {string} detail */
function report(name, verdict, detail) {
  results.push({ name, verdict, detail });
  console.log(`${verdict.toUpperCase().padEnd(4)} ${name.padEnd(13)} ${detail}`);
}

function option(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** This Node against package.json's engines (core/runtime.mjs). */
function runtimeCheck() {
  const unsupported = unsupportedNode();
  if (unsupported) return report("runtime", "fail", unsupported);
  const { version, commit } = releaseInfo(config ?? {});
  report("runtime", "ok", `Node ${process.versions.node} (${SUPPORTED_NODE}), release ${version}${commit ? ` ${commit.slice(0, 12)}` : ""}`);
}

let config = null;
try {
  // As the server reads it (production unless NODE_ENV says otherwise).
  config = readConfig(serverProcessEnv());
} catch (error) {
  runtimeCheck();
  report("configuration", "fail", error instanceof Error ? error.message : String(error));
  console.log("the other checks need a valid configuration: fix it and run npm run doctor again");
  process.exit(1);
}
runtimeCheck();
report("configuration", "ok", `DATA_DIR ${config.dataDir}, port ${config.port}, ${config.nodeEnv}`);

for (const [variable, folder] of [
  ["DATA_DIR", config.dataDir],
  ["UPLOADS_DIR", config.uploadsDir],
  ["backups", config.backupsDir],
]) {
  try {
    assertWritable(variable, folder);
    report("folders", "ok", `${variable} ${folder} writable`);
  } catch (error) {
    report("folders", "fail", `${error instanceof Error ? error.message : String(error)}; ${error?.fields?.fix ?? ""}`.trim());
  }
}

{
  const { freeBytes, floorBytes } = diskRoom(config.dataDir, config.minFreeDiskBytes);
  const text = `${megabytes(freeBytes)} MB free on the data disk, floor ${megabytes(floorBytes)} MB (MIN_FREE_DISK_MB)`;
  report("disk", freeBytes < floorBytes ? "fail" : "ok", freeBytes < floorBytes ? `${text}: uploads and backups are refused` : text);
}

/** The migrations' verdict, the same for both databases. @param {ReturnType<typeof migrationStatus>} status */
function reportMigrations(status) {
  if (status.failed.length || status.unknown.length) {
    report("migrations", "fail", status.failed.length ? `half-applied: ${status.failed.join(", ")}` : `newer than this code: ${status.unknown.join(", ")}`);
  } else if (status.pending.length) {
    report(
      "migrations",
      "fail",
      `pending: ${status.pending.map((m) => m.name).join(", ")} (applied by the next npm start${config.database === "postgresql" ? "" : ", after a backup"})`,
    );
  } else report("migrations", "ok", `up to date (${status.level ?? "none"})`);
}

/**
 * PostgreSQL (docs/scaling.md): reachable and its version, the migrations (our migrator's
 * _prisma_migrations), pg_dump's version for `npm run backup`, and which instance is the background
 * leader (the holder of its advisory lock in pg_locks).
 */
async function postgresChecks() {
  const url = new URL(config.databaseUrl);
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    report("database", "fail", `PostgreSQL at ${where} not reachable: ${error instanceof Error ? error.message || error.name : String(error)}`);
    return;
  }
  try {
    const serverVersion = String((await client.query("SHOW server_version")).rows[0].server_version);
    report("database", "ok", `PostgreSQL ${serverVersion} at ${where}`);
    reportMigrations(await postgresMigrationStatus(client, config.migrationsDir));

    const serverMajor = Number.parseInt(serverVersion, 10);
    const dump = spawnSync("pg_dump", ["--version"], { encoding: "utf8" });
    const dumpMajor = Number.parseInt(/(\d+)(\.\d+)*/.exec(dump.stdout ?? "")?.[1] ?? "", 10);
    if (dump.error || !dumpMajor) report("backup", "fail", "pg_dump is not installed: npm run backup needs PostgreSQL's client (Debian: postgresql-client)");
    else if (dumpMajor < serverMajor)
      report("backup", "fail", `pg_dump ${dumpMajor} is older than the server (${serverMajor}): npm run backup needs pg_dump ${serverMajor} or newer`);
    else report("backup", "ok", `pg_dump ${dumpMajor} for a PostgreSQL ${serverMajor} server`);

    const [holder] = (await client.query(LEADER_HOLDER_SQL, [BACKGROUND_LEADER_LOCK])).rows;
    if (holder)
      report(
        "leader",
        "ok",
        `background leader: ${String(holder.application_name).replace(LEADER_APPLICATION_PREFIX, "") || "an unnamed connection"} (janitor, mail retries)`,
      );
    else report("leader", "warn", "no instance holds the background leader's lock: is any instance running? (the janitor and mail retries run on the leader)");
  } catch (error) {
    report("database", "fail", `PostgreSQL at ${where}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

if (config.database === "postgresql") {
  await postgresChecks();
} else if (!fs.existsSync(config.databaseFile)) {
  report("database", "fail", `${config.databaseFile} does not exist: npm start creates and migrates it`);
} else {
  const db = new Database(config.databaseFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    const quick = db
      .pragma("quick_check")
      .map((row) => row.quick_check)
      .join("; ");
    report("database", quick === "ok" ? "ok" : "fail", `PRAGMA quick_check: ${quick}`);
    reportMigrations(migrationStatus(db, config.migrationsDir));
  } catch (error) {
    report("database", "fail", error instanceof Error ? error.message : String(error));
  } finally {
    db.close();
  }
}

// Behind a TLS proxy both are needed (docs/operations.md, "Behind a reverse proxy"): the app speaks
// plain http, so an https PUBLIC_ORIGIN means a proxy, whose X-Forwarded-* only TRUST_PROXY believes.
if (config.publicOrigin?.startsWith("https://") && !config.trustProxy) {
  report("proxy", "fail", `PUBLIC_ORIGIN is ${config.publicOrigin} but TRUST_PROXY is not set: behind the TLS proxy set TRUST_PROXY=1`);
} else if (config.trustProxy && !config.publicOrigin) {
  report("proxy", "warn", "TRUST_PROXY is set but PUBLIC_ORIGIN is not: links are made from the Host header the proxy passes on");
} else if (!config.publicOrigin) {
  report("proxy", "warn", "PUBLIC_ORIGIN is not set: fine on a local machine; set it (and TRUST_PROXY) behind a proxy");
} else report("proxy", "ok", `PUBLIC_ORIGIN ${config.publicOrigin}, TRUST_PROXY ${String(config.trustProxy)}`);

// The running site asked through PUBLIC_ORIGIN (so through the proxy): the origin it makes of what
// arrives must be PUBLIC_ORIGIN, or staff sign-in is refused. Unreachable from here (no server yet,
// or a container that cannot reach its public name) is a warning: the settings may still be right.
if (config.publicOrigin) {
  const url = new URL("/healthz", config.publicOrigin);
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
    const body = answer.ok ? await answer.json().catch(() => null) : null;
    const seen = typeof body?.seen?.origin === "string" ? body.seen.origin : null;
    if (!seen) {
      report("origin", "fail", `${url} answered ${answer.status} without this site's health answer: does the proxy pass /healthz to the site?`);
    } else {
      const mismatch = proxyMismatch(new URL(config.publicOrigin), new URL(seen), Boolean(config.trustProxy));
      if (mismatch) report("origin", "fail", `through ${config.publicOrigin} the site sees ${seen}: ${mismatch.messages.en}`);
      else report("origin", "ok", `through ${config.publicOrigin} the site sees its public origin (release ${body.version})`);
    }
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    report("origin", "warn", `${url} not reachable from here (${reason}): the proxy could not be asked what arrives`);
  }
}

const mailTo = option("--mail-to");
if (!config.smtpUrl) {
  report("smtp", mailTo ? "fail" : "warn", "SMTP_URL is not set: contact messages are kept for staff to read in the admin (/admin/messages), not mailed");
} else {
  const options = transportOptions(config.smtpUrl);
  const where = `${options.host}:${options.port}`;
  const transport = nodemailer.createTransport(options);
  try {
    await transport.verify();
    report("smtp", "ok", `${where} answers${options.auth ? " and accepts the credentials" : ""}`);
    if (mailTo) {
      await transport.sendMail({
        from: `Sito web <${config.contactEmail}>`,
        to: mailTo,
        subject: "npm run doctor: test message",
        text: `Sent by npm run doctor from ${config.publicOrigin ?? "the site"} at ${new Date().toISOString()}.\n`,
      });
      report("smtp", "ok", `test message accepted for ${mailTo}`);
    }
  } catch (error) {
    report("smtp", "fail", `${where}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    transport.close();
  }
}

{
  const archives = fs.existsSync(config.backupsDir) ? fs.readdirSync(config.backupsDir).filter((name) => name.endsWith(".tar.gz")) : [];
  const newest = archives.map((name) => ({ name, mtimeMs: fs.statSync(path.join(config.backupsDir, name)).mtimeMs })).sort((a, b) => b.mtimeMs - a.mtimeMs)[0];
  if (!newest) report("backup", "warn", `no archive in ${config.backupsDir} yet: npm run backup`);
  else {
    const hours = Math.round(((Date.now() - newest.mtimeMs) / 3600_000) * 10) / 10;
    const old = Date.now() - newest.mtimeMs > config.backupMaxAgeMs;
    report(
      "backup",
      old ? "fail" : "ok",
      `newest ${newest.name}, ${hours} h old${old ? ` (older than BACKUP_MAX_AGE_H=${config.backupMaxAgeMs / 3600_000})` : ""}`,
    );
  }
}

const failed = results.filter((r) => r.verdict === "fail").length;
console.log(failed ? `${failed} check(s) failed` : "all checks passed");
process.exit(failed ? 1 : 0);

import type { Request, Response } from "express";
import { diskRoom, megabytes } from "../../../core/disk.mjs";
import { releaseInfo } from "../../../core/release.mjs";
import { mailQueue } from "../domain/contact.server";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";

/**
 * /healthz: liveness, the process answers (with the release it runs); what the container's
 * HEALTHCHECK and a restart policy look at. /readyz: readiness, the site can serve and keep what it
 * is sent: the database answers, the data disk is above its floor, the contact mail is not stuck;
 * 503 with the reasons otherwise. docs/operations.md, "Health and metrics".
 */

/** A message waiting longer than this, with SMTP set, means the mail server refuses or cannot be reached. */
const MAIL_STUCK_AFTER_MS = 60 * 60 * 1000;

const NO_STORE = "no-store";

/**
 * `seen.origin` is the origin the app makes of this request (scheme and Host as the settings let it
 * read them, the same the edge compares a form's Origin with): `npm run doctor` asks for it through
 * PUBLIC_ORIGIN and names the proxy setting when the two differ (core/proxy.mjs).
 */
export function healthz(req: Request, res: Response) {
  const { version, commit } = releaseInfo(getEnv());
  res.setHeader("Cache-Control", NO_STORE);
  const seen = { origin: `${req.protocol}://${req.get("host") ?? "localhost"}` };
  // Which instance answered, when several run behind one load balancer (INSTANCE_ID, or <hostname>-<pid>).
  res.json({ status: "ok", version, commit, instance: getEnv().instanceId, uptimeS: Math.round(process.uptime()), seen });
}

type Check = { ok: boolean; reason?: string };

// /readyz answers anyone: its reasons name settings, never a path or a driver's message (those go to the log).

async function databaseCheck(): Promise<Check> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return { ok: true };
  } catch (error) {
    log().warn({ err: error }, "readiness: the database does not answer");
    return { ok: false, reason: "database unavailable (the log says why)" };
  }
}

function diskCheck(): Check {
  const env = getEnv();
  // Each folder by the setting that names it.
  const folders: [string, string][] = [["DATA_DIR", env.dataDir]];
  if (env.uploadsDir !== env.dataDir) folders.push(["UPLOADS_DIR", env.uploadsDir]);
  for (const [setting, folder] of folders) {
    try {
      const { freeBytes, floorBytes } = diskRoom(folder, env.minFreeDiskBytes);
      if (freeBytes < floorBytes)
        return { ok: false, reason: `low disk: ${megabytes(freeBytes)} MB free for ${setting}, the floor is ${megabytes(floorBytes)} MB (MIN_FREE_DISK_MB)` };
    } catch (error) {
      log().warn({ err: error, folder }, "readiness: the data disk cannot be read");
      return { ok: false, reason: `disk unreadable: ${setting} (${(error as { code?: string }).code ?? "error"})` };
    }
  }
  return { ok: true };
}

async function mailCheck(now: number): Promise<Check> {
  if (!getEnv().smtpUrl) return { ok: true };
  try {
    const { length, oldestCreatedAt } = await mailQueue();
    if (oldestCreatedAt && now - oldestCreatedAt.getTime() > MAIL_STUCK_AFTER_MS) {
      return {
        ok: false,
        reason: `mail queue stuck: ${length} contact messages waiting, the oldest since ${oldestCreatedAt.toISOString()} (npm run doctor checks SMTP_URL)`,
      };
    }
    return { ok: true };
  } catch {
    return { ok: true }; // the database check says it
  }
}

export async function readyz(_req: Request, res: Response) {
  const [database, disk, mail] = await Promise.all([databaseCheck(), Promise.resolve(diskCheck()), mailCheck(Date.now())]);
  const checks = { database, disk, mail };
  const reasons = Object.values(checks).flatMap((check) => (check.ok ? [] : [check.reason]));
  res.setHeader("Cache-Control", NO_STORE);
  res.status(reasons.length ? 503 : 200).json({
    status: reasons.length ? "unavailable" : "ok",
    ...(reasons.length ? { reasons } : {}),
    checks: Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, check.ok ? "ok" : check.reason])),
  });
}

import type { Request, Response } from "express";
import { diskRoom, megabytes } from "../../../core/disk.mjs";
import { releaseInfo } from "../../../core/release.mjs";
import { mailQueue } from "../domain/contact.server";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";

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

async function databaseCheck(): Promise<Check> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `database unavailable: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
}

function diskCheck(): Check {
  const env = getEnv();
  const folders = [...new Set([env.dataDir, env.uploadsDir])];
  for (const folder of folders) {
    try {
      const { freeBytes, floorBytes } = diskRoom(folder, env.minFreeDiskBytes);
      if (freeBytes < floorBytes)
        return { ok: false, reason: `low disk: ${megabytes(freeBytes)} MB free in ${folder}, the floor is ${megabytes(floorBytes)} MB (MIN_FREE_DISK_MB)` };
    } catch (error) {
      return { ok: false, reason: `disk unreadable: ${folder}: ${(error as { code?: string }).code ?? String(error)}` };
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

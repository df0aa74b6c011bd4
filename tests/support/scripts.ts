// The operator's scripts (scripts/start.mjs, backup.mjs, restore.mjs, migrate.mjs) run to their end, as a shell would.
import { spawn } from "node:child_process";

export type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** Runs `script` with `node` (this test's Node unless `nodeBinary` is given) to its end. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, nodeBinary = process.execPath, cwd?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary, [script, ...args], { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The JSON lines of a process's output (the logger's), other lines left out. */
export const jsonLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

// `npm start`: build when missing, apply migrations, then serve (boot seeds an empty database).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: process.env });

const buildDir = process.env.BUILD_DIR || "build";
if (!fs.existsSync(`${buildDir}/server/index.js`)) {
  console.log("Build mancante: eseguo npm run build...");
  run("npm", ["run", "build"]);
}
run("npx", ["prisma", "migrate", "deploy"]);

const server = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// Every run of the suite writes each file's duration to test-results/durations-<run>.json and prints the
// ten slowest files (issue 33): where CI's minutes go is read off the last run, not guessed.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

type FileDuration = { file: string; project: string; seconds: number; tests: number; state: string };

export default class DurationsReporter implements Reporter {
  /** @param run the name of the run: main, pg or cluster (one file each, so the three runs of npm test keep theirs). */
  constructor(private readonly run: string) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files: FileDuration[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      // Import, set-up and collection are part of what a file costs, not only its tests and hooks.
      const milliseconds =
        diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration + diagnostic.environmentSetupDuration;
      return {
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name,
        seconds: Math.round(milliseconds / 100) / 10,
        tests: [...module.children.allTests()].length,
        state: module.state(),
      };
    });
    if (files.length === 0) return;
    files.sort((a, b) => b.seconds - a.seconds);
    fs.mkdirSync("test-results", { recursive: true });
    const out = path.join("test-results", `durations-${this.run}.json`);
    fs.writeFileSync(out, `${JSON.stringify({ run: this.run, finished: new Date().toISOString(), files }, null, 2)}\n`);
    const width = Math.max(...files.slice(0, 10).map((entry) => entry.file.length));
    const lines = files.slice(0, 10).map((entry) => `  ${entry.seconds.toFixed(1).padStart(7)} s  ${entry.file.padEnd(width)}  (${entry.tests} tests)`);
    console.log(`\nThe ten slowest files of this run (${files.length} files, all in ${out}):\n${lines.join("\n")}\n`);
  }
}

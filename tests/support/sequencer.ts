// The order in which `npm test` hands files to its two workers.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The unit and integration files first, then the e2e files; within each project vitest's own order
 * (failed first, then longest by the last run's durations, else largest file first).
 *
 * vitest's default runs projects one after the other by name, so "unit" came last: 30 short files,
 * each in a fresh process, ran as a tail of about 34 s in which the second worker was mostly idle
 * (the integration login-throttling file, 12 s of scrypt, finished alone). Run first, they share both
 * workers, and the e2e files, whose smallest ones come last, fill the end of the run evenly.
 */
export default class UnitFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isE2e = (file: TestSpecification) => file.project.name === "e2e";
    return [...sorted.filter((file) => !isE2e(file)), ...sorted.filter(isE2e)];
  }
}

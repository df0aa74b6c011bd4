// Resident memory of a test server's process (/proc), for the tests that bound what a body costs.
import fs from "node:fs";

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Samples the process's resident memory every 5 ms until the returned function is called; it answers the peak in MB. */
export function sampleRss(pid: number): () => number {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

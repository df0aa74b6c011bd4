// Types of scripts/free-port.mjs for the tests and the benchmark.
export const CLUSTER_BLOCK: number;
export function freePort(block?: number, count?: number): Promise<number>;

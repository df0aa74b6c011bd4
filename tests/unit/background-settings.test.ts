// Issue 26: the settings of the periodic passes and of the background leader (core/config.mjs),
// which the cluster tests set to 1 s: defaults, and a bad value refused naming the variable.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../core/config.mjs";

describe("JANITOR_EVERY_S, MAIL_RETRY_EVERY_S, LEADER_RETRY_S, CONTENT_POLL_S, INSTANCE_ID", () => {
  it("default to an hour, a minute, 5 s, 1 s and <hostname>-<pid>", () => {
    const config = readConfig({});
    expect(config).toMatchObject({ janitorEveryMs: 3_600_000, mailRetryEveryMs: 60_000, leaderRetryMs: 5000, contentPollMs: 1000 });
    expect(config.instanceId).toBe(`${os.hostname()}-${process.pid}`);
  });

  it("take whole seconds and a name", () => {
    const config = readConfig({ JANITOR_EVERY_S: "1", MAIL_RETRY_EVERY_S: "1", LEADER_RETRY_S: "1", CONTENT_POLL_S: "30", INSTANCE_ID: "web-a" });
    expect(config).toMatchObject({ janitorEveryMs: 1000, mailRetryEveryMs: 1000, leaderRetryMs: 1000, contentPollMs: 30_000, instanceId: "web-a" });
  });

  it("refuse anything else, naming each variable", () => {
    const refused = (env: Record<string, string>) => {
      try {
        readConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.map((p) => p.variable);
      }
      return [];
    };
    expect(refused({ JANITOR_EVERY_S: "0", MAIL_RETRY_EVERY_S: "1.5", LEADER_RETRY_S: "soon" }).sort()).toEqual([
      "JANITOR_EVERY_S",
      "LEADER_RETRY_S",
      "MAIL_RETRY_EVERY_S",
    ]);
    expect(refused({ INSTANCE_ID: "web a/1" })).toEqual(["INSTANCE_ID"]);
  });
});

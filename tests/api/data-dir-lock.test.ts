/**
 * docs/features/operations.md finding 11: one process per PGlite data directory. A second open is
 * refused with one line naming the holder; `npm run seed` beside a running app says so and changes
 * nothing; a lock left by a killed process does not keep the next start out.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { migratedDataDir } from "./harness";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs a TypeScript file of the repo as its own process; resolves with its exit and output. */
function run(args: string[], env: Record<string, string>, onOutput?: (text: string) => void) {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
  return { child, exited };
}

describe.runIf(process.env.MEALSHARE_TEST_DB !== "postgres")("the PGlite data directory", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await migratedDataDir("mealshare-lock-");
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is refused to a second open while the first has it, and free again once closed", async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        new RegExp(`^The data directory .+ is in use by process ${process.pid} \\(`),
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("makes npm run seed beside the running app stop with that one line and change nothing", async () => {
    const app = await openDatabase({ dataDir });
    try {
      const { code, output } = await run(["scripts/seed.ts"], { DATA_DIR: dataDir }).exited;
      expect(code).toBe(1);
      const lines = output.split("\n").filter((line) => line.startsWith("The data directory"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`is in use by process ${process.pid}`);
      expect(await app.db.select().from(users)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("is taken over at once from a process that was killed holding it", async () => {
    const holder = run(
      [
        "-e",
        `import("./src/server/db/client.ts").then(async (m) => { await m.openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log("OPEN"); setInterval(() => {}, 1000); })`,
      ],
      {},
    );
    await new Promise<void>((resolve) => {
      holder.child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("OPEN")) resolve();
      });
    });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    holder.child.kill("SIGKILL");
    await holder.exited;
    const next = await openDatabase({ dataDir });
    await next.close();
  }, 60_000);
});

/**
 * HTTPS for a browser bench, as a deployment reachable by phones is served (docs/DESIGN.md §1,
 * docs/decisions/015 "Phones"): a self-signed certificate for localhost that the bench's own
 * process, the app it starts (its bundled sign-in asks itself for its discovery document) and the
 * bench's Chromium trust, and nothing else.
 */
import { spawn } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { localhostCertificate } from "../tests/certificate";

/** The certificate's files and the Chromium flag that trusts its key. */
export interface BenchCertificate {
  certFile: string;
  keyFile: string;
  /** `--ignore-certificate-errors-spki-list=…`: Chromium trusts this one key, not every error. */
  chromiumFlag: string;
}

/**
 * The bench's certificate. Node reads extra trusted certificates only at start-up
 * (`NODE_EXTRA_CA_CERTS`), so the first call makes one, runs this same script again in a child
 * process that trusts it, and exits with the child's status when it ends; in the child it returns
 * the certificate.
 */
export async function benchCertificate(): Promise<BenchCertificate> {
  const certFile = process.env.BENCH_TLS_CERT_FILE;
  const keyFile = process.env.BENCH_TLS_KEY_FILE;
  if (certFile && keyFile && process.env.NODE_EXTRA_CA_CERTS === certFile) {
    const spki = createPublicKey(readFileSync(certFile)).export({ type: "spki", format: "der" });
    const hash = createHash("sha256").update(spki).digest("base64");
    return { certFile, keyFile, chromiumFlag: `--ignore-certificate-errors-spki-list=${hash}` };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-bench-tls-"));
  const files = await localhostCertificate(dir);
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_EXTRA_CA_CERTS: files.certFile,
      BENCH_TLS_CERT_FILE: files.certFile,
      BENCH_TLS_KEY_FILE: files.keyFile,
    },
  });
  const status = await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  rmSync(dir, { recursive: true, force: true });
  process.exit(status);
}

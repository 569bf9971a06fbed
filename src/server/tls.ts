/**
 * A renewed certificate without a restart (docs/DESIGN.md §1, README "HTTPS"): when the app serves
 * HTTPS itself, its certificate and key files are checked for changes every `reloadMs` (Let's
 * Encrypt's clients renew every 60–90 days, writing new files behind the same paths), and a pair
 * that reads as PEM and belongs together replaces the one new connections are offered. A pair that
 * does not (one file written before the other, or a broken write) is logged and the served one kept;
 * the next change tries again.
 */
import { type Stats, unwatchFile, watchFile } from "node:fs";
import { createSecureContext } from "node:tls";
import type { FastifyBaseLogger } from "fastify";
import { type Config, readPemFile } from "./config";

/** What can take a new certificate: Node's TLS and HTTP/2 secure servers. */
interface SecureServer {
  setSecureContext(options: { cert: Buffer; key: Buffer }): void;
}

/**
 * Watches the files of `tls` and hands each good new pair to `server`.
 * @returns a function that stops watching (the app calls it as it closes)
 */
export function watchCertificate(
  server: SecureServer,
  tls: NonNullable<Config["tls"]>,
  log: FastifyBaseLogger,
): () => void {
  const reload = () => {
    try {
      const cert = readPemFile("TLS_CERT_FILE", tls.certFile);
      const key = readPemFile("TLS_KEY_FILE", tls.keyFile);
      // Throws when the key is not the certificate's, before anything is replaced.
      createSecureContext({ cert, key });
      server.setSecureContext({ cert, key });
      log.info("TLS certificate reloaded from its files");
    } catch (error) {
      log.warn(
        { reason: (error as Error).message },
        "TLS certificate files changed but cannot be used yet; still serving the previous certificate",
      );
    }
  };
  // Only a changed file, not a read of it (which can move its access time).
  const onChange = (current: Stats, previous: Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.ino !== previous.ino) reload();
  };
  // Polling, not inotify: a renewal points the paths (symlinks, with certbot) at new files.
  const options = { interval: tls.reloadMs, persistent: false };
  watchFile(tls.certFile, options, onChange);
  watchFile(tls.keyFile, options, onChange);
  return () => {
    unwatchFile(tls.certFile, onChange);
    unwatchFile(tls.keyFile, onChange);
  };
}

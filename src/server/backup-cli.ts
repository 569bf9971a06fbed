/**
 * `npm run backup [FILE]` and `npm run restore FILE` (docs/features/operations.md): the configuration
 * comes from the environment, as for `npm start`. A backup goes to FILE, or
 * backups/mealshare-<date-time>.tar.gz.
 */
import { BackupError, createBackup, restoreBackup } from "./backup";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/client";

const [command, file] = process.argv.slice(2);

async function main() {
  const config = loadConfig();
  if (command === "backup") {
    const target = file ?? `backups/mealshare-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
    const manifest = await createBackup(config, target);
    console.log(
      `Backed up the ${manifest.database} database${manifest.photos ? " and photos" : ""} to ${target}.`,
    );
  } else if (command === "restore" && file) {
    const manifest = await restoreBackup(config, file);
    console.log(
      `Restored the ${manifest.database} database of ${manifest.createdAt}${manifest.photos ? " and its photos" : ""}.`,
    );
    if (manifest.erasedAgain > 0) {
      console.log(`Erased again ${manifest.erasedAgain} accounts deleted after the backup was taken.`);
    }
  } else {
    throw new BackupError("Usage: npm run backup [FILE]  |  npm run restore FILE");
  }
}

main().catch((error) => {
  const known =
    error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = 1;
});

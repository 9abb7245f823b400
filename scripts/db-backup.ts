/**
 * `npm run db:backup [-- FILE]`: a backup of the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR, with the server stopped) into FILE, by default `backups/panama-vip-ia-<date>.…`.
 * `npm run db:restore -- FILE` loads it back (app/server/platform/backup.server.ts).
 */
import { BackupError, backupDatabase } from "../app/server/platform/backup.server";

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
try {
  const done = await backupDatabase(file, (msg) => console.info(msg));
  const size = done.bytes >= 1024 * 1024 ? `${(done.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(done.bytes / 1024)} kB`;
  console.info(`Copia guardada en ${done.file} (${size}, ${done.kind === "pglite" ? "base embebida" : "PostgreSQL"}).`);
  console.info(`Para restaurarla: npm run db:restore -- ${done.file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}

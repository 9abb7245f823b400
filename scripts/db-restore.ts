/**
 * `npm run db:restore -- FILE`: replaces the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR, with the server stopped) with a backup made by `npm run db:backup`. What was there is
 * kept: the embedded folder moved aside, or a PostgreSQL backup taken first.
 */
import { BackupError, restoreDatabase } from "../app/server/platform/backup.server";

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) {
  console.error("Uso: npm run db:restore -- <archivo de copia>");
  process.exit(2);
}
try {
  const done = await restoreDatabase(file, (msg) => console.info(msg));
  console.info(
    done.kind === "pglite"
      ? "Base embebida restaurada. Inicia el servidor con npm start (aplica las migraciones pendientes)."
      : "PostgreSQL restaurado. Reinicia los servidores de la aplicación: sus cachés guardan páginas de antes.",
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}

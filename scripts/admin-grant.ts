/**
 * `npm run admin:grant -- <email> [--revoke]`: the operator's way to make an account admin (D13).
 * Uses the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { closeDb, dbReady } from "../app/server/db.server";
import { setAdminByEmail } from "../app/server/models/profiles.server";

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith("--"));
const revoke = args.includes("--revoke");
if (!email) {
  console.error("Uso: npm run admin:grant -- <email> [--revoke]");
  process.exit(2);
}
await dbReady().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const ok = await setAdminByEmail(email, !revoke);
await closeDb();
if (!ok) {
  console.error(`No existe un perfil con el email ${email}. La persona debe registrarse primero.`);
  process.exit(1);
}
console.info(revoke ? `${email} ya no es administrador.` : `${email} ahora es administrador.`);

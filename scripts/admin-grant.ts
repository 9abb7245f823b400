/**
 * `npm run admin:grant -- <email> [--revoke]`: the operator's way to make an account admin (besides
 * OWNER_EMAIL). Uses the configured database (DATABASE_URL, or the embedded one in DATA_DIR). The
 * same rules as the members page apply (the last admin cannot be revoked), and the change goes to
 * the audit trail.
 */
import { closeDb, dbReady } from "../app/server/platform/db.server";
import { RoleChangeError, setAdminByEmail } from "../app/server/models/admin-members.server";

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
let ok: boolean;
try {
  ok = await setAdminByEmail(email, !revoke);
} catch (error) {
  await closeDb();
  if (!(error instanceof RoleChangeError)) throw error;
  console.error(error.message);
  process.exit(1);
}
await closeDb();
if (!ok) {
  console.error(`No existe un perfil con el email ${email}. La persona debe registrarse primero.`);
  process.exit(1);
}
console.info(revoke ? `${email} ya no es administrador.` : `${email} ahora es administrador.`);

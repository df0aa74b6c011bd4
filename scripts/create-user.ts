// Creates a staff superuser or resets its password:  npm run user:create -- <username> <password>
import { disconnectDatabase } from "~/server/db.server";
import { upsertStaffUser } from "~/server/users.server";

const [username, password] = process.argv.slice(2);
if (!username || !password || password.length < 8) {
  console.error("Uso: npm run user:create -- <utente> <password (almeno 8 caratteri)>");
  process.exit(2);
}
const user = await upsertStaffUser(username.trim(), password);
console.log(`Utente staff "${user.username}" creato o aggiornato.`);
await disconnectDatabase();

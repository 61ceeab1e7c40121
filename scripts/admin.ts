/**
 * Shell tasks of a deployment, on the database the server would use (DATABASE_URL, else PGlite
 * in PGLITE_DIR): `npm run admin -- role <username> <player|moderator|admin>`.
 */
import { ROLES, type Role } from '../src/common/moderation';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { setRoleFromShell } from '../src/server/services/admin-names';

const USAGE = 'usage: npm run admin -- role <username> <player|moderator|admin>';

async function main(args: string[]): Promise<number> {
  const [command, username, role] = args;
  if (command !== 'role' || !username || !ROLES.includes(role as Role)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await database.migrate();
    const id = await setRoleFromShell(database.db, username, role as Role, new Date());
    console.log(`${username} (id ${id}) is now ${role}`);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));

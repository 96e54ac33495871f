import { openPostgres } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../embedded-postgres";

/**
 * A PostgreSQL server of a test file's own, which the test may stop and start again on the same port
 * and data directory (a restart, as a managed database does for maintenance). One migrated database.
 */
export async function startRestartablePostgres() {
  const server = await startEmbeddedPostgres();
  const url = await server.createDatabase("eventora_system");
  const migrator = await openPostgres(url, 1);
  await migrator.migrate();
  await migrator.close();
  return { url, stop: server.stop, start: server.start, destroy: server.destroy };
}

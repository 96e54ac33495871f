import { openPostgres } from "../../src/server/db/client";
import { startEmbeddedPostgres, THROWAWAY_SERVER_SETTINGS } from "../embedded-postgres";

/**
 * A PostgreSQL server of a test file's own, which the test may stop and start again on the same port
 * and data directory (a restart, as a managed database does for maintenance). One migrated database.
 */
export async function startRestartablePostgres() {
  const server = await startEmbeddedPostgres({ settings: THROWAWAY_SERVER_SETTINGS });
  const url = await server.createDatabase("eventora_system");
  const migrator = await openPostgres(url, 1);
  await migrator.migrate();
  await migrator.close();
  return { url, stop: server.stop, start: server.start, destroy: server.destroy };
}

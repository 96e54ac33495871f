import { startEmbeddedPostgres } from "../test/embedded-postgres";

/** DATABASE_URL when set, else a throwaway embedded PostgreSQL for one benchmark run. */
export async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const server = await startEmbeddedPostgres();
  return { url: await server.createDatabase("eventora_bench"), stop: server.destroy };
}

import { loadConfig } from "../config";
import { openDatabase } from "./client";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await database.close();
console.log("Migrations applied.");

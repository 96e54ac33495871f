import type { Config } from "../config";
import type { Db } from "../db/client";
import type { EmailSender } from "../providers/email/email";
import type { AiService } from "../providers/ai/ai";
import type { FileStorage } from "../providers/storage/storage";
import type { Auth } from "./auth/auth";

/** What the issue-7 features get from the app: database, config, auth, mail, storage and the AI service (null: built-ins). */
export interface RouteContext {
  db: Db;
  config: Config;
  auth: Auth;
  email: EmailSender;
  storage: FileStorage;
  ai: AiService | null;
}

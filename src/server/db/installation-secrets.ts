// Secrets of this installation that every service process must share (the download links' signing key), kept in
// the `settings` table: made once by whichever process asks first, then read by all.
import { eq } from "drizzle-orm";
import type { Db } from "./connection";
import { settings } from "./schema";

/** The value under `key`, stored as `make()` gives it the first time. */
export async function installationSecret(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

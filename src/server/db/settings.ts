// The installation's own settings (`settings`: key and value), such as the auth secret made at first start.
import { eq } from "drizzle-orm";
import type { Db } from "./connection";
import { settings } from "./schema";

/** The setting's value; stores `value` first when it has none, so that every process (and restart) reads one. */
export async function settingOrInsert(db: Db, key: string, value: string): Promise<string> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

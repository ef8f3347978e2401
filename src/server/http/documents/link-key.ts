// The download links' signing key, read (or made) once per app from the installation's settings: every process
// on the same database signs and checks links with the same key.
import { installationSecret } from "../../db/installation-secrets";
import { newLinkKey } from "../../documents/download-links";
import type { DataDeps } from "../env";

const SETTING = "document_download_link_key";

export function documentLinkKey(deps: Pick<DataDeps, "db">): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () => {
    key ??= installationSecret(deps.db, SETTING, newLinkKey).catch((error) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

// Tokens that travel in links (an invitation's): random, and stored only as a SHA-256 hash, so that a copy of the
// database opens nothing.
import { createHash, randomBytes } from "node:crypto";

export const newLinkToken = () => randomBytes(32).toString("base64url");

export const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

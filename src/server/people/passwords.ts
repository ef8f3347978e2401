// What a password must be (NIST SP 800-63B): 12 to 128 characters, not one of the common passwords, no composition
// rules. The list is zxcvbn-ts's common-password dictionary (about 49,000 from leaked-password corpora, shipped as
// data in an npm package), loaded on first use; a common word with digits or symbols stuck on ("password1234")
// counts as common too, since guessers try exactly those first.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../api/people";

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())),
  );
  return common;
}

/** Why the password cannot be used, in words a person can act on; undefined when it can. */
export async function passwordProblem(password: unknown): Promise<string | undefined> {
  if (typeof password !== "string") return "Give a password.";
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long (a few words make a good one).`;
  if (length > PASSWORD_MAX_LENGTH)
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  const list = await commonPasswords();
  const lower = password.toLowerCase();
  const core = lower.replace(/[\d\W_]+$/u, "").replace(/^[\d\W_]+/u, "");
  if (list.has(lower) || (core.length >= 6 && list.has(core)) || /^(.{1,4})\1+$/u.test(lower))
    return "This password is one of the most common ones, which guessers try first; choose another.";
  return undefined;
}

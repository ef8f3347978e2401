// Where to go after sign-in: only paths inside this app are followed, never another site; else Needs attention.

export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/sign-in")) {
    return "/attention";
  }
  return target;
}

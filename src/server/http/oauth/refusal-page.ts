// The page a person sees when an assistant's sign-in request cannot be answered to the assistant itself (an unknown
// client, a redirect URI it never registered): OAuth forbids sending anything to such an address, so the person is
// told here, in plain HTML (no script or style runs under the service's policy for its non-page answers).

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

export function refusalPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in refused · Boxtrack</title></head>
<body>
<main>
<h1>This assistant's sign-in cannot go on</h1>
<p>${escapeHtml(message)}</p>
<p>Nothing was shared. Close this page and connect the assistant again from its own settings.</p>
</main>
</body>
</html>`;
}

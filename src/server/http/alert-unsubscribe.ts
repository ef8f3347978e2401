// One-click unsubscribe from an alert rule's email (RFC 8058), outside /v2: the link in the email (and its
// `List-Unsubscribe` header) carries the rule's id, the person's, and a signature of both, which is the only
// credential; it works without signing in. GET shows a page with one button (mail scanners follow links, so a GET
// changes nothing); POST (the button, or a mail client's `List-Unsubscribe=One-Click`) takes email off the person's
// own rule, or stops a team rule's email for that person only. A rule deleted
// since answers kindly; a link whose signature does not hold answers 400.
import { Hono } from "hono";
import { UNSUBSCRIBE_PATH, validUnsubscribe } from "../alerts/email";
import { stopRuleEmail } from "../db/alerts";
import type { Db } from "../db/connection";
import type { AppEnv } from "./env";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const NO_STORE = { "Cache-Control": "no-store" };

export function alertUnsubscribeRoutes(deps: { db: Db; secret: string; now: () => Date }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signed = (rule: string | undefined, user: string | undefined, sig: string | undefined) =>
    rule !== undefined && sig !== undefined && validUnsubscribe(deps.secret, rule, user, sig);
  const invalid = page(
    "This unsubscribe link is not valid",
    "<p>The link may have been cut short when it was copied. Open it again from the email, or change the rule in the dashboard under Settings → Alerts.</p>",
  );

  app.get(UNSUBSCRIBE_PATH, (c) => {
    const rule = c.req.query("rule");
    const user = c.req.query("user");
    const sig = c.req.query("sig");
    if (!signed(rule, user, sig)) return c.html(invalid, 400, NO_STORE);
    const action = `${UNSUBSCRIBE_PATH}?rule=${encodeURIComponent(rule!)}${
      user === undefined ? "" : `&user=${encodeURIComponent(user)}`
    }&sig=${encodeURIComponent(sig!)}`;
    return c.html(
      page(
        "Stop these alert emails?",
        `<p>This stops the emails of one alert rule. Its alerts still show in the dashboard.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Stop the emails</button></form>`,
      ),
      200,
      NO_STORE,
    );
  });

  app.post(UNSUBSCRIBE_PATH, async (c) => {
    const rule = c.req.query("rule");
    const user = c.req.query("user");
    const sig = c.req.query("sig");
    if (!signed(rule, user, sig)) return c.html(invalid, 400, NO_STORE);
    const stopped = await stopRuleEmail(deps.db, rule!, user, deps.now());
    return c.html(
      stopped === undefined
        ? page("Nothing to stop", "<p>This alert rule no longer exists, so it sends no email.</p>")
        : page(
            "Emails stopped",
            `<p>The alert rule “${escapeHtml(stopped.name)}” sends you no more email. Its alerts still show in the dashboard${
              stopped.team ? "" : ", and you can turn its email back on there"
            }.</p>`,
          ),
      200,
      NO_STORE,
    );
  });
  return app;
}

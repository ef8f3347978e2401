// How a receiver checks that a delivery comes from this service, unchanged: the two signature schemes every
// delivery carries, with the code of signature-recipes.ts (which the tests run as shown).
import { CopyButton } from "../../components/copy-button";
import { RECIPE_IMPORT, SAME_TEXT_RECIPE, STANDARD_WEBHOOKS_RECIPE, T49_RECIPE } from "./signature-recipes";

const code = "rounded bg-slate-100 px-1 py-px font-mono text-[0.8125rem] dark:bg-slate-800";

function CodeBlock({ label, text }: { label: string; text: string }) {
  return (
    <div className="relative mt-2">
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block needs focus to scroll by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-slate-900 p-3 pr-24 font-mono text-xs leading-relaxed text-slate-100"
      >
        <code>{text}</code>
      </pre>
      <div className="absolute top-2 right-2">
        <CopyButton text={text} what={label.toLowerCase()} className="px-2 py-1 text-xs" />
      </div>
    </div>
  );
}

/** `Heading`: the level of the guide's own headings, one below the heading it sits under. */
export function SignatureGuide({ Heading = "h3" }: { Heading?: "h3" | "h4" }) {
  return (
    <div className="space-y-5 text-sm text-slate-700 dark:text-slate-300">
      <p>
        Every delivery is signed twice with the webhook's signing secret; check either signature. Always
        verify the raw body exactly as received, before parsing the JSON: JSON written out again will not
        match.
      </p>
      <section>
        <Heading className="font-semibold text-slate-900 dark:text-slate-100">
          <code className={code}>X-T49-Webhook-Signature</code>
        </Heading>
        <p className="mt-1">
          The lowercase hex HMAC-SHA256 of the raw request body, keyed with the whole secret as it is shown (
          <code className={code}>whsec_</code> included), as the hosted Terminal49 API signs.
        </p>
      </section>
      <section>
        <Heading className="font-semibold text-slate-900 dark:text-slate-100">Standard Webhooks</Heading>
        <p className="mt-1">
          <code className={code}>webhook-id</code> is the notification's id, the same on every attempt: use it
          to drop duplicates, since a delivery can arrive more than once.{" "}
          <code className={code}>webhook-timestamp</code> is the attempt's time in Unix seconds.{" "}
          <code className={code}>webhook-signature</code> is <code className={code}>v1,</code> followed by the
          base64 HMAC-SHA256 of <code className={code}>{"{webhook-id}.{webhook-timestamp}.{raw body}"}</code>,
          keyed with the bytes the secret encodes: base64-decode what follows{" "}
          <code className={code}>whsec_</code>. The{" "}
          <a
            href="https://www.standardwebhooks.com/"
            className="font-medium text-sky-800 underline hover:no-underline dark:text-sky-300"
            target="_blank"
            rel="noreferrer"
          >
            Standard Webhooks libraries
          </a>{" "}
          check all of this given the secret as it is shown.
        </p>
      </section>
      <section>
        <Heading className="font-semibold text-slate-900 dark:text-slate-100">In Node.js</Heading>
        <CodeBlock
          label="Signature check in Node.js"
          text={`${RECIPE_IMPORT}\n\n${SAME_TEXT_RECIPE}\n\n${T49_RECIPE}\n\n${STANDARD_WEBHOOKS_RECIPE}`}
        />
      </section>
    </div>
  );
}

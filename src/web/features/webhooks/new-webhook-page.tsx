// "New webhook": the form, then, once the webhook exists, its signing secret (shown this once, with a copy
// button) and how to verify a delivery with it. The secret lives only in this page's state: leaving or
// reloading the page is the end of it. A role that may not change integrations is told why instead of the form.
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { Allowed, NOT_ALLOWED_PANEL } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { inputClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import type { Webhook } from "./contract";
import { useCreateWebhookMutation } from "./queries";
import { SignatureGuide } from "./signature-guide";
import { NEW_WEBHOOK, WebhookForm } from "./webhook-form";

export function NewWebhookPage() {
  const mutation = useCreateWebhookMutation();
  const [created, setCreated] = useState<Webhook | null>(null);
  if (created) return <WebhookCreated webhook={created} />;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/webhooks" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Webhooks
        </Link>
      </nav>
      <PageHeader
        title="New webhook"
        description="Choose an address and the events it should hear about. Each notification is a signed POST of a JSON:API document."
      />
      <Allowed permission="integrations" what="Adding webhooks" className={NOT_ALLOWED_PANEL}>
        <div className="max-w-5xl rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <WebhookForm
            label="New webhook"
            initial={NEW_WEBHOOK}
            submitLabel="Create webhook"
            failureTitle="The webhook was not created"
            onSubmit={async (input) => setCreated(await mutation.mutateAsync(input))}
            footer={
              <Link to="/webhooks" className={buttonClass("ghost")}>
                Cancel
              </Link>
            }
          />
        </div>
      </Allowed>
    </>
  );
}

function WebhookCreated({ webhook }: { webhook: Webhook }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const secretId = useId();
  const secretHeading = useId();
  const guideHeading = useId();
  // The form is gone; say what happened where the focus was.
  useEffect(() => heading.current?.focus(), []);
  const secret = webhook.attributes.secret;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/webhooks" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Webhooks
        </Link>
      </nav>
      <div className="mb-6">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-semibold tracking-tight text-slate-900 outline-none dark:text-slate-50"
        >
          Webhook created
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Notifications go to <span className="font-mono break-all">{webhook.attributes.url}</span>
          {webhook.attributes.active ? "." : " once you make it active."}
        </p>
      </div>
      <div className="grid max-w-5xl gap-6">
        <section
          aria-labelledby={secretHeading}
          className="rounded-lg border border-amber-300 bg-amber-50 p-5 dark:border-amber-700/70 dark:bg-amber-950/30"
        >
          <h2 id={secretHeading} className="text-base font-semibold">
            Signing secret
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Copy it now into your receiver's configuration: it proves that a request comes from us. The
            dashboard shows it only this once.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <label htmlFor={secretId} className="sr-only">
              Signing secret
            </label>
            <input
              id={secretId}
              readOnly
              value={secret}
              onFocus={(event) => event.target.select()}
              spellCheck={false}
              className={`${inputClass} max-w-xl flex-1 font-mono`}
            />
            <CopyButton text={secret} what="the signing secret" />
          </div>
        </section>

        <section
          aria-labelledby={guideHeading}
          className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id={guideHeading} className="mb-3 text-base font-semibold">
            How to verify a delivery
          </h2>
          <SignatureGuide />
        </section>

        <div className="flex flex-wrap gap-3">
          <Link
            to="/webhooks/$webhookId"
            params={{ webhookId: webhook.id }}
            className={buttonClass("primary")}
          >
            Open the webhook and send a test
          </Link>
          <Link to="/webhooks" className={buttonClass("secondary")}>
            Back to webhooks
          </Link>
        </div>
      </div>
    </>
  );
}

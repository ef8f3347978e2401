// One webhook: its recent notifications, a test delivery, its settings to edit, how to verify a delivery, and
// deleting it (after a confirmation).
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { DeleteDialog } from "../../components/delete-dialog";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { plural } from "../../lib/format";
import type { Webhook } from "./contract";
import {
  notificationsListQuery,
  useDeleteWebhookMutation,
  useUpdateWebhookMutation,
  webhookKeys,
  webhookQuery,
} from "./queries";
import { NOTIFICATIONS_SEARCH_DEFAULTS, type NotificationsSearch } from "./search";
import { SendTest } from "./send-test";
import { SignatureGuide } from "./signature-guide";
import { ActiveBadge, linkClass, NotificationsTable } from "./webhook-bits";
import { WebhookForm } from "./webhook-form";

const route = getRouteApi("/_authenticated/webhooks/$webhookId");

/** What the webhook page lists of its notifications: the ten newest. */
export function recentNotificationsSearch(webhookId: string): NotificationsSearch {
  return { ...NOTIFICATIONS_SEARCH_DEFAULTS, size: 10, webhook: webhookId };
}

const panel = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

export function WebhookPage() {
  const { webhookId } = route.useParams();
  const { data } = useSuspenseQuery(webhookQuery(webhookId));
  const webhook = data.data;
  const a = webhook.attributes;
  const [confirming, setConfirming] = useState(false);
  const settingsHeading = useId();
  const guideHeading = useId();

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/webhooks" className="text-sky-800 hover:underline dark:text-sky-300">
          ← Webhooks
        </Link>
      </nav>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0">
              <span className="sr-only">Webhook </span>
              <span className="font-mono text-xl break-all">{a.url}</span>
            </span>
            <ActiveBadge active={a.active} />
          </span>
        }
        description={
          <>
            {plural(a.events.length, "event")} · created <DateTime iso={a.created_at} timeZone="UTC" />
          </>
        }
        actions={
          <>
            <Link
              to="/webhooks/notifications"
              search={{ webhook: webhook.id }}
              className={buttonClass("secondary")}
            >
              Notification log
            </Link>
            <Allowed permission="integrations" what="Deleting webhooks">
              <button
                type="button"
                className={buttonClass("danger-outline")}
                onClick={() => setConfirming(true)}
              >
                Delete webhook
              </button>
            </Allowed>
          </>
        }
      />
      {a.active ? null : (
        <p className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800/60 dark:text-slate-200">
          This webhook is paused: no notifications are made for it, and those already waiting are held until
          it is active again. A receiver that answers 410 Gone pauses its webhook. Tests are sent either way.
        </p>
      )}
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <RecentNotifications webhookId={webhook.id} />
          <section aria-labelledby={settingsHeading} className={panel}>
            <h2 id={settingsHeading} className="mb-4 text-base font-semibold">
              Settings
            </h2>
            {/* The form follows the saved webhook (a save's answer, a teammate's change, a 410 pausing it) until
                the person edits, and keeps their edits from then on. */}
            <Allowed permission="integrations" what="Changing a webhook's settings">
              <EditWebhook key={webhook.id} webhook={webhook} />
            </Allowed>
          </section>
        </div>
        <div className="space-y-6">
          <Allowed permission="integrations" what="Sending a test">
            <SendTest key={webhook.id} webhook={webhook} />
          </Allowed>
          <section aria-labelledby={guideHeading} className={panel}>
            <h2 id={guideHeading} className="text-base font-semibold">
              Verifying deliveries
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Deliveries are signed with the secret shown when this webhook was created. Lost it? The API
              returns it with the webhook (
              <code className="font-mono text-xs">GET /v2/webhooks/{"{id}"}</code>).
            </p>
            <details className="group mt-3">
              <summary className="cursor-pointer text-sm font-medium text-sky-800 hover:underline dark:text-sky-300">
                How to verify a signature
              </summary>
              <div className="mt-3">
                <SignatureGuide />
              </div>
            </details>
          </section>
        </div>
      </div>
      <DeleteWebhookDialog webhook={webhook} open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}

function RecentNotifications({ webhookId }: { webhookId: string }) {
  const search = recentNotificationsSearch(webhookId);
  const { data } = useSuspenseQuery(notificationsListQuery(search));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          Recent notifications
        </h2>
        {data.meta.total > 0 ? (
          <Link
            to="/webhooks/notifications"
            search={{ webhook: webhookId }}
            className={`${linkClass} text-sm`}
          >
            All {plural(data.meta.total, "notification")} in the log <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      {data.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No notifications yet. Send a test, or wait for a subscribed event on one of your shipments.
        </p>
      ) : (
        <NotificationsTable caption="Recent notifications of this webhook" notifications={data.data} />
      )}
    </section>
  );
}

function EditWebhook({ webhook }: { webhook: Webhook }) {
  const mutation = useUpdateWebhookMutation(webhook.id);
  const a = webhook.attributes;
  return (
    <WebhookForm
      label="Webhook settings"
      initial={{ url: a.url, events: a.events, active: a.active, headers: a.headers }}
      submitLabel="Save changes"
      failureTitle="The changes were not saved"
      onSubmit={async (input) => {
        await mutation.mutateAsync(input);
        showToast({
          kind: "success",
          title: "Webhook saved",
          message: `Changes to ${input.url} are in effect.`,
        });
      }}
    />
  );
}

function DeleteWebhookDialog({
  webhook,
  open,
  onClose,
}: {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useDeleteWebhookMutation(webhook.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      title="Delete this webhook?"
      confirmLabel="Delete webhook"
      mutation={mutation}
      onDeleted={async () => {
        showToast({
          kind: "success",
          title: "Webhook deleted",
          message: `${webhook.attributes.url} gets no more notifications.`,
        });
        await navigate({ to: "/webhooks" });
        // Only now, so that this page does not fetch the webhook it just deleted.
        queryClient.removeQueries({ queryKey: webhookKeys.detail(webhook.id) });
      }}
    >
      <p>
        Notifications stop going to <span className="font-mono break-all">{webhook.attributes.url}</span>, and
        its notification log is deleted with it. This cannot be undone.
      </p>
    </DeleteDialog>
  );
}

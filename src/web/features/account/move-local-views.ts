// On sign-in, moves the saved views this browser still keeps in localStorage (from before views were kept by the
// account) to the account, once: one tab at a time (a Web Lock), one move per page load, and says what it did. Not
// against a server that keeps no views (the hosted API): there this browser is where views are kept.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { savedViewDocumentSchema, savedViewListDocumentSchema } from "../../../api/saved-views";
import { showToast } from "../../components/toaster";
import { apiRequest, describeError } from "../../lib/api-client";
import { plural } from "../../lib/format";
import {
  LOCAL_VIEWS_STORAGE_KEY,
  type MoveOutcome,
  moveLocalViews,
  type SavedViewsApi,
} from "../../lib/local-saved-views";
import { savedViewsQuery } from "../../lib/saved-views";

const accountViews: SavedViewsApi = {
  list: async () =>
    (await apiRequest("/v2/saved_views", { schema: savedViewListDocumentSchema })).data.map(
      (v) => v.attributes,
    ),
  create: async (view) => {
    await apiRequest("/v2/saved_views", {
      method: "POST",
      schema: savedViewDocumentSchema,
      body: { data: { type: "saved_view", attributes: view } },
    });
  },
};

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

let moving = false;

/** Runs the move while signed in (`who`: the key or "person"; again after signing in as another). */
export function useMoveLocalViews(who: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const store = storage();
    if (!who || !store || store.getItem(LOCAL_VIEWS_STORAGE_KEY) === null || moving) return;
    moving = true;
    const move = async (): Promise<MoveOutcome> => {
      const { home } = await queryClient.ensureQueryData(savedViewsQuery());
      if (home !== "account") return { moved: 0, left: 0, kept: [] };
      return moveLocalViews(accountViews, store);
    };
    // Two tabs signing in at once take turns; the second finds storage already emptied by the first.
    const locked =
      typeof navigator !== "undefined" && navigator.locks
        ? navigator.locks.request("boxtrack.saved-views.move", move)
        : move();
    locked
      .then((outcome) => {
        if (outcome.moved > 0) {
          showToast({
            kind: "success",
            title: `${plural(outcome.moved, "saved view")} moved to the account`,
            message:
              "Views saved in this browser are now kept by the account, on every device signed in to it.",
          });
        }
        if (outcome.left > 0) {
          showToast({
            kind: "error",
            title: `${plural(outcome.left, "saved view")} of this browser not moved yet`,
            message: `${outcome.kept[0]?.reason ?? "The account did not take them."} They stay in this browser and are tried again at the next sign-in.`,
          });
        }
        return queryClient.invalidateQueries({ queryKey: savedViewsQuery().queryKey });
      })
      .catch((error: unknown) => {
        showToast({
          kind: "error",
          title: "This browser's saved views were not moved yet",
          message: `${describeError(error)} They stay in this browser and are tried again at the next sign-in.`,
        });
      })
      .finally(() => {
        moving = false;
      });
  }, [who, queryClient]);
}

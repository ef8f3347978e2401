// Free time tariffs (/v2/free_time_tariffs): the published ones and the account's own, and the changes Settings →
// Free time makes; each change refreshes the containers too, whose demurrage and detention it moves.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type FreeTimeTier, tariffDocumentSchema, tariffListDocumentSchema } from "../../../api/free-time";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

export const freeTimeKeys = {
  all: queryRoots.freeTime,
  tariffs: () => [...freeTimeKeys.all, "tariffs"] as const,
};

export const tariffsQuery = () =>
  queryOptions({
    queryKey: freeTimeKeys.tariffs(),
    queryFn: ({ signal }) =>
      apiRequest("/v2/free_time_tariffs", { schema: tariffListDocumentSchema, signal }),
  });

/** What the form sends: an own tariff's attributes. */
export interface TariffInput {
  scac: string;
  port_locode: string | null;
  terminal: string | null;
  equipment_length: 20 | 40 | 45 | null;
  equipment_type: string | null;
  kind: "demurrage" | "detention";
  counts_from: "discharge" | "pickup";
  free_days: number;
  currency: string;
  tiers: FreeTimeTier[];
}

function useTariffMutation<V>(run: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: freeTimeKeys.all }),
        client.invalidateQueries({ queryKey: queryRoots.containers }),
      ]),
  });
}

export const useSaveTariff = () =>
  useTariffMutation(({ id, input }: { id: string | null; input: TariffInput }) =>
    apiRequest(id ? `/v2/free_time_tariffs/${encodeURIComponent(id)}` : "/v2/free_time_tariffs", {
      method: id ? "PATCH" : "POST",
      schema: tariffDocumentSchema,
      body: { data: { type: "free_time_tariff", attributes: input } },
    }),
  );

export const useDeleteTariff = () =>
  useTariffMutation((id: string) =>
    apiRequest(`/v2/free_time_tariffs/${encodeURIComponent(id)}`, { method: "DELETE", schema: z.unknown() }),
  );

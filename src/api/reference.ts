// Reference resources of the /v2 contract: ports, terminals, shipping lines, users and accounts.
import { z } from "zod";
import { toOne } from "./json-api";

export const portSchema = z
  .object({
    id: z.string(),
    type: z.literal("port"),
    attributes: z.object({
      name: z.string(),
      code: z.string(),
      state_abbr: z.string().nullable(),
      city: z.string().nullable(),
      country_code: z.string(),
      time_zone: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  })
  .meta({ id: "Port" });
export type Port = z.infer<typeof portSchema>;

/** An inland city the hosted API calls a metro area (`GET /v2/metro_areas/{id}`, by id or UN/LOCODE). */
export const metroAreaSchema = z
  .object({
    id: z.string(),
    type: z.literal("metro_area"),
    attributes: z.object({
      name: z.string(),
      code: z.string(),
      state_abbr: z.string().nullable(),
      country_code: z.string(),
      time_zone: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  })
  .meta({ id: "MetroArea" });
export type MetroArea = z.infer<typeof metroAreaSchema>;

export const terminalSchema = z
  .object({
    id: z.string(),
    type: z.literal("terminal"),
    attributes: z.object({
      name: z.string(),
      nickname: z.string().nullable(),
      firms_code: z.string().nullable(),
      smdg_code: z.string().nullable(),
      bic_facility_code: z.string().nullable(),
      street: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      state_abbr: z.string().nullable(),
      zip: z.string().nullable(),
      country: z.string().nullable(),
    }),
    /** Its place: `port` always; `metro_area` too when the place is an inland city (a rail ramp's). */
    relationships: z.object({ port: toOne("port"), metro_area: toOne("metro_area") }),
  })
  .meta({ id: "Terminal" });
export type Terminal = z.infer<typeof terminalSchema>;

export const shippingLineSchema = z
  .object({
    id: z.string(),
    type: z.literal("shipping_line"),
    attributes: z.object({
      scac: z.string(),
      name: z.string(),
      short_name: z.string(),
      alternative_scacs: z.array(z.string()),
      bill_of_lading_tracking_support: z.boolean(),
      booking_number_tracking_support: z.boolean(),
      container_number_tracking_support: z.boolean(),
    }),
  })
  .meta({ id: "ShippingLine" });
export type ShippingLine = z.infer<typeof shippingLineSchema>;

export const userSchema = z
  .object({
    id: z.string(),
    type: z.literal("user"),
    attributes: z.object({
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string(),
    }),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

export const accountSchema = z
  .object({
    id: z.string(),
    type: z.literal("account"),
    attributes: z.object({ company_name: z.string() }),
  })
  .meta({ id: "Account" });
export type Account = z.infer<typeof accountSchema>;

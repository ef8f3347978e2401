// /v2/ports, /v2/terminals, /v2/metro_areas (inland cities), /v2/shipping_lines (all, or one by id or SCAC) reference
// data (the caller's account is account/).
import { createRoute, z } from "@hono/zod-openapi";
import { singleDocument } from "../../api/json-api";
import { metroAreaSchema, portSchema, shippingLineSchema, terminalSchema } from "../../api/reference";
import { documentOf } from "../resources/documents";
import {
  metroAreaResource,
  portResource,
  shippingLineResource,
  terminalResource,
} from "../resources/reference";
import type { App, DataDeps } from "./env";
import { ApiError } from "./errors";
import { errorResponses, idParam, jsonBody } from "./openapi-common";
import { createRouter } from "./router";

const portRoute = createRoute({
  method: "get",
  path: "/v2/ports/{id}",
  tags: ["Reference data"],
  summary: "Get a port by id or UN/LOCODE",
  request: { params: idParam },
  responses: { 200: jsonBody(singleDocument(portSchema), "The port"), ...errorResponses(401, 404, 429) },
});

const metroAreaRoute = createRoute({
  method: "get",
  path: "/v2/metro_areas/{id}",
  tags: ["Reference data"],
  summary: "Get a metro area by id or UN/LOCODE",
  description:
    "An inland city (a rail journey's destination, where its rail ramps are), as the hosted API's metro area. A seaport's code answers 404 naming `/v2/ports/{id}`; every place, inland ones too, is also a port there.",
  request: { params: idParam },
  responses: {
    200: jsonBody(singleDocument(metroAreaSchema), "The metro area"),
    ...errorResponses(401, 404, 429),
  },
});

const terminalRoute = createRoute({
  method: "get",
  path: "/v2/terminals/{id}",
  tags: ["Reference data"],
  summary: "Get a terminal",
  request: { params: idParam },
  responses: {
    200: jsonBody(singleDocument(terminalSchema), "The terminal"),
    ...errorResponses(401, 404, 429),
  },
});

const shippingLinesRoute = createRoute({
  method: "get",
  path: "/v2/shipping_lines",
  tags: ["Reference data"],
  summary: "List the shipping lines (not paginated)",
  responses: {
    200: jsonBody(z.object({ data: z.array(shippingLineSchema) }), "Every supported shipping line"),
    ...errorResponses(401, 429),
  },
});

const shippingLineRoute = createRoute({
  method: "get",
  path: "/v2/shipping_lines/{id}",
  tags: ["Reference data"],
  summary: "Get a shipping line by id or SCAC",
  description:
    "The id is the line's id, or one of its SCACs (its own or an alternative one, in any case): people name a line by its SCAC.",
  request: { params: idParam },
  responses: {
    200: jsonBody(singleDocument(shippingLineSchema), "The shipping line"),
    ...errorResponses(401, 404, 429),
  },
});

const referenceNotFound = (what: string, id: string) =>
  new ApiError(404, { code: "not_found", detail: `No ${what} with id '${id}' exists.` });

export function referenceRoutes(deps: Pick<DataDeps, "reference">): App {
  const app = createRouter();
  const { reference } = deps;
  const lines = [...reference.shippingLines.values()].sort((a, b) => a.name.localeCompare(b.name));

  app.openapi(portRoute, (c) => {
    const { id } = c.req.valid("param");
    const port = reference.ports.get(id) ?? reference.portsByLocode.get(id.toUpperCase());
    if (!port) throw referenceNotFound("port", id);
    return c.json(documentOf(portResource(port), `/v2/ports/${port.id}`), 200);
  });

  app.openapi(metroAreaRoute, (c) => {
    const { id } = c.req.valid("param");
    const place = reference.ports.get(id) ?? reference.portsByLocode.get(id.toUpperCase());
    if (!place) throw referenceNotFound("metro area", id);
    if (place.kind !== "inland")
      throw new ApiError(404, {
        code: "not_found",
        detail: `${place.locode} (${place.name}) is a seaport, not a metro area: GET /v2/ports/${place.locode}.`,
      });
    return c.json(documentOf(metroAreaResource(place), `/v2/metro_areas/${place.id}`), 200);
  });

  app.openapi(terminalRoute, (c) => {
    const { id } = c.req.valid("param");
    const terminal = reference.terminals.get(id);
    if (!terminal) throw referenceNotFound("terminal", id);
    const port = reference.ports.get(terminal.portId);
    const included = port ? [portResource(port)] : undefined;
    return c.json(documentOf(terminalResource(terminal, reference), `/v2/terminals/${id}`, included), 200);
  });

  app.openapi(shippingLinesRoute, (c) => c.json({ data: lines.map(shippingLineResource) }, 200));

  app.openapi(shippingLineRoute, (c) => {
    const { id } = c.req.valid("param");
    const line = reference.shippingLines.get(id) ?? reference.shippingLinesByScac.get(id.toUpperCase());
    if (!line) throw referenceNotFound("shipping line", id);
    return c.json(documentOf(shippingLineResource(line), `/v2/shipping_lines/${line.id}`), 200);
  });
  return app;
}

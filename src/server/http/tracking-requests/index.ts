// /v2/tracking_requests, in parts: routes.ts (the routes as documented), handlers.ts (what each does),
// new-request.ts (checking a new request), query.ts (the list's parameters).
export { trackingRequestRoutes } from "./handlers";
export { CREATE_LIMIT_DETAIL } from "./routes";

// vessels: routes.ts (the routes as documented), handlers.ts (what each does), query.ts (parsing its parameters).
export { vesselRoutes } from "./handlers";

// parties: routes.ts (the routes as documented), handlers.ts (what each does).
export { partyRoutes } from "./handlers";

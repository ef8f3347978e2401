// shipments: routes.ts (the routes as documented), handlers.ts (what each does), query.ts (parsing its parameters).
export { shipmentRoutes } from "./handlers";

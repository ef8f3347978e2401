// webhook-notifications: routes.ts (the routes as documented), handlers.ts (what each does), query.ts (parsing its parameters).
export { webhookNotificationRoutes } from "./handlers";

// webhooks: routes.ts (the routes as documented), handlers.ts (what each does).
export { webhookRoutes } from "./handlers";

// The first element of every query key, one per kind of server state the dashboard caches. In one place so that a
// change made in one feature can refresh what it touches in another (stopping a shipment's tracking changes the
// fleet and the tracking requests too) without one feature importing another.
export const queryRoots = {
  account: ["account"],
  alerts: ["alerts"],
  carrierConnections: ["carrier-connections"],
  containers: ["containers"],
  customFields: ["custom-fields"],
  documents: ["documents"],
  freeTime: ["free-time"],
  map: ["map"],
  parties: ["parties"],
  people: ["people"],
  savedViews: ["saved-views"],
  shipments: ["shipments"],
  trackingRequests: ["tracking-requests"],
  webhooks: ["webhooks"],
  webhookNotifications: ["webhook-notifications"],
} as const;

// The security headers on every answer, through Hono's secure-headers middleware: a strict Content-Security-Policy
// for the dashboard (its own scripts only, no inline script, no eval, no framing), one that fits the /v2/docs
// reference page and the /dev/mail outbox (one inline style sheet each, allowed by its hash), and a deny-all one for the API's JSON and the
// service's other answers, which a browser never has reason to run or frame.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { SHARED_API_PATH, SHARED_PAGE_PATH } from "../../api/share-links";
import type { ContentSecuritySettings } from "../config";
import { REFERENCE_STYLE } from "./api-reference-page";
import { DEV_MAIL_STYLE } from "./auth-routes";
import type { AppEnv } from "./env";

export interface SecurityHeaderOptions extends ContentSecuritySettings {
  /** The service is reached over HTTPS (PUBLIC_URL): browsers are told to use nothing else for a year. */
  https: boolean;
  /**
   * The dashboard comes from Vite's dev server (`npm run dev`), whose hot reload runs inline scripts and opens a
   * socket: its pages get no Content-Security-Policy (every other header stays).
   */
  dev: boolean;
}

/** Paths whose answers are the API's or the service's own, never a page: nothing in them may run or be framed. */
const NOT_A_PAGE =
  /^\/(v2|mcp|api|dcsa|metrics|healthz|readyz|demo\.json|__test__|\.well-known|oauth\/(authorize|token|register))(\/|$)/;

/** The consent page of an assistant's sign-in: never framed, even where FRAME_ANCESTORS lets the dashboard be. */
const CONSENT_PAGE = "/oauth/consent";

const DOCS_PATH = "/v2/docs";

/** Features of the browser the dashboard never uses, turned off for it and anything it might embed. */
const PERMISSIONS_OFF = [
  "accelerometer",
  "autoplay",
  "camera",
  "displayCapture",
  "encryptedMedia",
  "geolocation",
  "gyroscope",
  "hid",
  "idleDetection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickeyCredentialsGet",
  "screenWakeLock",
  "serial",
  "usb",
  "xrSpatialTracking",
] as const;

function permissionsPolicy() {
  return Object.fromEntries(PERMISSIONS_OFF.map((feature) => [feature, []]));
}

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The dashboard's policy; exported so that the README's table and the tests read the same directives. */
export function dashboardPolicy(options: ContentSecuritySettings) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Tailwind's and Leaflet's style sheets are files of our own; React's `style` props and Leaflet's positions are
    // set through the CSSOM, which the policy does not govern, so no inline style is needed.
    styleSrc: ["'self'"],
    // blob: a document's image, shown from the bytes the page fetched through its signed link.
    imgSrc: ["'self'", "data:", "blob:", ...(options.tileOrigin ? [options.tileOrigin] : [])],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...options.connectOrigins],
    // The map's land is drawn in a module worker of our own.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: ["'none'"],
    frameAncestors: options.frameAncestors.length > 0 ? options.frameAncestors : ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** A page of the service's own with one inline style sheet and no script: /v2/docs, and /dev/mail's pages. */
const stylePolicy = (style: string) => ({
  defaultSrc: ["'none'"],
  styleSrc: [sha256(style)],
  imgSrc: ["'self'", "data:"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
});

const DEV_MAIL = /^\/dev\/mail(\/|$)/;

const nothingPolicy = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  const common = {
    // The API's JSON is read across origins by token clients (CORS); a page of ours is loaded by its own origin.
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: "same-origin",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    xContentTypeOptions: "nosniff",
    permissionsPolicy: permissionsPolicy(),
  } as const;
  // X-Frame-Options for browsers without frame-ancestors; it cannot name origins, so it goes when some are allowed.
  const frameOptions = options.frameAncestors.length > 0 ? false : "DENY";
  const page = secureHeaders({
    ...common,
    xFrameOptions: frameOptions,
    contentSecurityPolicy: options.dev ? undefined : dashboardPolicy(options),
  });
  const docs = secureHeaders({
    ...common,
    xFrameOptions: "DENY",
    contentSecurityPolicy: stylePolicy(REFERENCE_STYLE),
  });
  const devMail = secureHeaders({
    ...common,
    xFrameOptions: "DENY",
    contentSecurityPolicy: stylePolicy(DEV_MAIL_STYLE),
  });
  // A framed consent page could be clicked through by the page around it (clickjacking): it is never framed.
  const consentPage = secureHeaders({
    ...common,
    xFrameOptions: "DENY",
    contentSecurityPolicy: options.dev
      ? undefined
      : { ...dashboardPolicy(options), frameAncestors: ["'none'"] },
  });
  const notAPage = secureHeaders({ ...common, xFrameOptions: "DENY", contentSecurityPolicy: nothingPolicy });
  // A shared shipment's page and data: its address holds the link's token, which no other site may be sent.
  const sharedPage = secureHeaders({
    ...common,
    referrerPolicy: "no-referrer",
    xFrameOptions: frameOptions,
    contentSecurityPolicy: options.dev ? undefined : dashboardPolicy(options),
  });
  const sharedData = secureHeaders({
    ...common,
    referrerPolicy: "no-referrer",
    xFrameOptions: "DENY",
    contentSecurityPolicy: nothingPolicy,
  });
  return (c, next) => {
    const path = c.req.path;
    if (path.startsWith(`${SHARED_API_PATH}/`)) return sharedData(c, next);
    if (path.startsWith(`${SHARED_PAGE_PATH}/`)) return sharedPage(c, next);
    if (path === DOCS_PATH) return docs(c, next);
    if (path === CONSENT_PAGE) return consentPage(c, next);
    if (DEV_MAIL.test(path)) return devMail(c, next);
    return NOT_A_PAGE.test(path) ? notAPage(c, next) : page(c, next);
  };
}

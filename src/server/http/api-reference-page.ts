// A self-contained HTML reference of the API, rendered from the OpenAPI document (no scripts, works offline).

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** The page's one style sheet, inline; its Content-Security-Policy allows it by its hash (security-headers.ts). */
export const REFERENCE_STYLE = `
 body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1e293b}
 code{font:13px ui-monospace,monospace;background:#f1f5f9;padding:0 .25rem;border-radius:3px}
 .op{border:1px solid #e2e8f0;border-radius:8px;padding:.5rem 1rem;margin:1rem 0;overflow-wrap:anywhere}
 .method{font:700 12px ui-monospace,monospace;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#2563eb}
 .patch{background:#d97706}.post{background:#16a34a}.delete{background:#dc2626}
 h4{margin:.5rem 0 0}
 @media (prefers-color-scheme: dark){body{background:#0f172a;color:#e2e8f0}code{background:#1e293b}.op{border-color:#334155}}
`;

export function renderApiReference(doc: {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? "Other";
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> <small>(${escapeHtml(p.in)}${p.required ? ", required" : ""})</small> ${escapeHtml(p.description ?? "")}</li>`,
        )
        .join("");
      const responses = Object.entries(op.responses ?? {})
        .map(
          ([status, r]) => `<li><code>${escapeHtml(status)}</code> ${escapeHtml(r.description ?? "")}</li>`,
        )
        .join("");
      const html = `<section class="op" id="${escapeHtml(`${method}-${path}`)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(op.summary ?? "")}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ""}
  ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
  ${op.requestBody ? '<h4>Body</h4><p>A JSON:API document with a top-level <code>data</code> object; see the schema in <a href="/v2/openapi.json">openapi.json</a>.</p>' : ""}
  <h4>Responses</h4><ul>${responses}</ul>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join("\n")}`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>${REFERENCE_STYLE}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? "")}</p>
<p>Machine-readable: <a href="/v2/openapi.json">/v2/openapi.json</a>.</p>
${sections}
</body></html>`;
}

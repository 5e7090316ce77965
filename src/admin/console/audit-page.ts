import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AuditPage } from "../../core/audit.js";
import type { Owner } from "../../core/types.js";
import { layout, userPath } from "./pages.js";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The console's audit log: every user's, or one user's (their "Audit" tab). */
export const AUDIT_PATH = "/admin/console/audit";

/** Memory ids shown per event (the rest counted). */
const SHOWN_IDS = 5;

/**
 * Who touched a memory, newest first, a page at a time: when, who (the actor), what, whose, and the
 * memories by id — never a memory's text. `user`: one person's events (their tab), else everyone's.
 */
export function auditPage(o: { csrf: string; user?: Owner | undefined; page: AuditPage }): Html {
  const next = o.page.nextCursor
    ? o.user
      ? userPath(o.user, "audit", { cursor: o.page.nextCursor })
      : `${AUDIT_PATH}?${new URLSearchParams({ cursor: o.page.nextCursor })}`
    : undefined;
  return layout(
    { title: o.user ? `Audit of ${o.user.userId}` : "Audit log", csrf: o.csrf, user: o.user, tab: "audit" },
    html`<section class="card">
      <h2>Who touched a memory</h2>
      <p class="muted">
        Every save, forget, expiry, pin and operator read (ids only; a memory's text is never recorded).
      </p>
      ${
        o.page.items.length === 0
          ? html`<p class="muted">No events.</p>`
          : html`<table class="audit" data-testid="audit">
              <thead>
                <tr>
                  <th>Time (UTC)</th>
                  <th>Actor</th>
                  <th>Action</th>
                  <th>User</th>
                  <th>Memories</th>
                </tr>
              </thead>
              <tbody>
                ${o.page.items.map(
                  (e) =>
                    html`<tr>
                      <td>${new Date(e.at).toISOString().replace("T", " ").slice(0, 19)}</td>
                      <td>${e.actor}</td>
                      <td>${e.action}</td>
                      <td>
                        <a href="${userPath(e.owner, "memories")}">${e.owner.userId}</a> · ${e.owner.teamId}
                      </td>
                      <td>
                        <code>${e.ids.slice(0, SHOWN_IDS).join(" ")}</code>${
                          e.ids.length > SHOWN_IDS
                            ? html` <span class="muted">+${e.ids.length - SHOWN_IDS}</span>`
                            : ""
                        }
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      ${next ? html`<p><a href="${next}" rel="next">Older events →</a></p>` : ""}
    </section>`,
  );
}

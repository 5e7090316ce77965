/**
 * The admin console's pages, server-rendered with Hono's `html` template: every interpolated value is
 * HTML-escaped; only the Graphviz SVG (whose text Graphviz escapes) and nested templates are raw. No
 * page has a script: the console works by links and forms alone.
 */
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { GraphData } from "../../core/graph-types.js";
import type { ConversationView } from "../../core/history-types.js";
import type { Memory, Owner } from "../../core/types.js";
import { visibilityOf } from "../../core/visibility.js";
import type { SearchResultView } from "../memory-routes.js";
import type { GraphPicture } from "./graph-picture.js";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const CONSOLE_PATH = "/admin/";
export const ASSETS_PATH = "/admin/console/console.css";
export const ICON_PATH = "/admin/console/favicon.svg";
export const SIGN_IN_PATH = "/admin/console/sign-in";
export const SIGN_OUT_PATH = "/admin/console/sign-out";

export type Tab = "memories" | "history" | "graph" | "audit";

export interface LayoutOptions {
  title: string;
  /** The session's CSRF token; undefined when signed out (no sign-out button). */
  csrf?: string | undefined;
  user?: Owner | undefined;
  tab?: Tab | undefined;
  notice?: string | undefined;
}

/** The path of a user's page, with `?team=` and more query parameters. */
export function userPath(user: Owner, tab: Tab | string, query: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams({ team: user.teamId });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `/admin/console/users/${encodeURIComponent(user.userId)}/${tab}?${params}`;
}

export function layout(options: LayoutOptions, body: Html): Html {
  const tabs: Array<[Tab, string]> = [
    ["memories", "Memories"],
    ["history", "History"],
    ["graph", "Knowledge graph"],
    ["audit", "Audit"],
  ];
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · memory assistant admin</title>
        <link rel="stylesheet" href="${ASSETS_PATH}" />
        <link rel="icon" type="image/svg+xml" href="${ICON_PATH}" />
      </head>
      <body>
        <header class="top">
          <a class="brand" href="${CONSOLE_PATH}">Memory assistant · admin</a>
          ${
            options.csrf
              ? html`<form method="post" action="${SIGN_OUT_PATH}" class="sign-out">
                  <input type="hidden" name="csrf" value="${options.csrf}" />
                  <button type="submit">Sign out</button>
                </form>`
              : ""
          }
        </header>
        <main>
          ${
            options.user
              ? html`<h1>
                    <span class="muted">User</span> <span data-testid="user-id">${options.user.userId}</span>
                    <span class="muted">· team ${options.user.teamId}</span>
                  </h1>
                  <nav class="tabs">
                    ${tabs.map(
                      ([tab, label]) =>
                        html`<a
                          href="${userPath(options.user!, tab)}"
                          class="${tab === options.tab ? "active" : ""}"
                          >${label}</a
                        >`,
                    )}
                  </nav>`
              : ""
          }
          ${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ""} ${body}
        </main>
      </body>
    </html>`;
}

export function signInPage(options: { error?: string | undefined }): Html {
  return layout(
    { title: "Sign in" },
    html`<section class="card narrow">
      <h1>Sign in</h1>
      <p>
        Use the server's <code>ADMIN_TOKEN</code>. It is sent once; the browser then keeps only a session
        cookie.
      </p>
      ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ""}
      <form method="post" action="${SIGN_IN_PATH}">
        <label
          >Admin token <input type="password" name="token" autocomplete="current-password" required
        /></label>
        <button type="submit">Sign in</button>
      </form>
    </section>`,
  );
}

export function homePage(options: {
  csrf: string;
  users: Array<Owner & { memories: number }>;
  defaultTeam: string;
}): Html {
  return layout(
    { title: "Users", csrf: options.csrf },
    html`<section class="card">
      <h1>Pick a user</h1>
      <p><a href="/admin/console/audit">Audit log</a> — who touched which memory, everyone's.</p>
      <form method="get" action="/admin/console/users" class="inline">
        <label>User id <input name="user" required maxlength="64" placeholder="U0123ABCD" /></label>
        <label>Team <input name="team" value="${options.defaultTeam}" maxlength="64" /></label>
        <button type="submit">Open</button>
      </form>
      ${
        options.users.length === 0
          ? html`<p class="muted">No user has memories yet.</p>`
          : html`<table class="users">
              <thead>
                <tr>
                  <th>User</th>
                  <th>Team</th>
                  <th class="num">Memories</th>
                </tr>
              </thead>
              <tbody>
                ${options.users.map(
                  (u) =>
                    html`<tr>
                      <td><a href="${userPath(u, "memories")}">${u.userId}</a></td>
                      <td>${u.teamId}</td>
                      <td class="num">${u.memories}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
    </section>`,
  );
}

/** A memory's or a turn's text, its line breaks kept (CSS `pre-wrap` on `.body` only). */
function textBlock(text: string): Html {
  return html`<div class="body">${text}</div>`;
}

function when(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function num(value: number | null, digits = 3): string {
  return value === null ? "—" : Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

export interface MemoriesPageOptions {
  csrf: string;
  user: Owner;
  notice?: string | undefined;
  q: string;
  k: number;
  /** A search's results, fused ranking first; undefined when listing. */
  results?: SearchResultView[] | undefined;
  list?: { items: Memory[]; nextCursor: string | null; cursor?: string | undefined } | undefined;
}

export function memoriesPage(o: MemoriesPageOptions): Html {
  const deleteLink = (id: string) =>
    html`<a class="danger" href="${userPath(o.user, `memories/${encodeURIComponent(id)}/delete`)}"
      >Delete</a
    >`;
  const search = html`<form
    method="get"
    action="${userPath(o.user, "memories").split("?")[0]}"
    class="inline search"
  >
    <input type="hidden" name="team" value="${o.user.teamId}" />
    <label>Search <input type="search" name="q" value="${o.q}" maxlength="4000" /></label>
    <label>k <input type="number" name="k" value="${o.k}" min="1" max="50" /></label>
    <button type="submit">Search</button>
    ${o.q ? html`<a href="${userPath(o.user, "memories")}">All memories</a>` : ""}
  </form>`;
  let body: Html = html``;
  if (o.results) {
    body = o.results.length
      ? html`<table class="results" data-testid="search-results">
          <thead>
            <tr>
              <th class="num">#</th>
              <th class="num" title="reciprocal rank fusion">RRF score</th>
              <th>Relevant</th>
              <th class="num">Vector rank</th>
              <th class="num">Cosine</th>
              <th class="num">BM25 rank</th>
              <th class="num">BM25 score</th>
              <th>Memory</th>
              <th>Said</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            ${o.results.map(
              (r, i) =>
                html`<tr data-memory-id="${r.id}">
                  <td class="num">${i + 1}</td>
                  <td class="num">${num(r.score, 4)}</td>
                  <td>${r.relevant ? "yes" : "no"}</td>
                  <td class="num">${num(r.ranks.vector)}</td>
                  <td class="num">${num(r.scores.vector)}</td>
                  <td class="num">${num(r.ranks.bm25)}</td>
                  <td class="num">${num(r.scores.bm25)}</td>
                  <td class="text">
                    ${textBlock(r.doc)}
                    <div class="id">${r.id}</div>
                  </td>
                  <td class="when">${when(r.timestamp)}</td>
                  <td>${deleteLink(r.id)}</td>
                </tr>`,
            )}
          </tbody>
        </table>`
      : html`<p class="muted">Nothing found.</p>`;
  } else if (o.list) {
    const list = o.list;
    body = html`${
      list.items.length
        ? html`<table class="memories" data-testid="memory-list">
            <thead>
              <tr>
                <th>Memory</th>
                <th>Said</th>
                <th>Visible</th>
                <th>Source</th>
                <th>Topics</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              ${list.items.map(
                (m) =>
                  html`<tr data-memory-id="${m.id}">
                    <td class="text">
                      ${textBlock(m.text)}
                      <div class="id">${m.id}</div>
                    </td>
                    <td class="when">${when(m.timestamp)}</td>
                    <td>${visibilityOf(m)}</td>
                    <td>${m.source}</td>
                    <td>${(m.topics ?? []).join(", ")}</td>
                    <td>${deleteLink(m.id)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="muted">${list.cursor ? "No more memories." : "This user has no memories."}</p>`
    }
    ${
      list.nextCursor
        ? html`<p><a href="${userPath(o.user, "memories", { cursor: list.nextCursor })}">Next page →</a></p>`
        : ""
    }`;
  }
  return layout(
    { title: `Memories of ${o.user.userId}`, csrf: o.csrf, user: o.user, tab: "memories", notice: o.notice },
    html`<section class="card">${search} ${body}</section>`,
  );
}

export function confirmDeleteMemoryPage(o: { csrf: string; user: Owner; memory: Memory }): Html {
  return layout(
    { title: "Delete a memory", csrf: o.csrf, user: o.user, tab: "memories" },
    html`<section class="card narrow">
      <h2>Delete this memory?</h2>
      <blockquote class="text">${o.memory.text}</blockquote>
      <p class="muted">${o.memory.id} · ${when(o.memory.timestamp)} · ${visibilityOf(o.memory)}</p>
      <p>
        It is deleted everywhere: the vector store, the BM25 index, the graph facts only it gave, and its text
        in the user's conversation history.
      </p>
      <form method="post" action="${userPath(o.user, `memories/${encodeURIComponent(o.memory.id)}/delete`)}">
        <input type="hidden" name="csrf" value="${o.csrf}" />
        <button type="submit" class="danger">Delete the memory</button>
        <a href="${userPath(o.user, "memories")}">Cancel</a>
      </form>
    </section>`,
  );
}

export function historyPage(o: {
  csrf: string;
  user: Owner;
  notice?: string | undefined;
  conversations: ConversationView[];
}): Html {
  const turns = (c: ConversationView) => [...c.pending, ...c.recent];
  return layout(
    { title: `History of ${o.user.userId}`, csrf: o.csrf, user: o.user, tab: "history", notice: o.notice },
    html`<section class="card">
      ${o.conversations.length === 0 ? html`<p class="muted">No conversations.</p>` : ""}
      ${o.conversations.map(
        (c) =>
          html`<article class="conversation" data-conversation-id="${c.id}">
            <header>
              <strong>${c.key.kind === "dm" ? "DM" : "Thread"} ${c.key.channelId}</strong>${
                c.key.kind === "thread" ? html` · ${c.key.threadTs}` : ""
              }
              <span class="muted">· ${c.counts.total} turns · last ${when(c.updatedAt)}</span>
              <a class="danger" href="${userPath(o.user, "history/delete", { id: c.id })}">Delete</a>
            </header>
            ${
              c.summary
                ? html`<p>
                    <span class="muted">Summary (${c.summary.coversTurns} turns):</span> ${c.summary.text}
                  </p>`
                : ""
            }
            <details>
              <summary>${turns(c).length} recent turns</summary>
              <dl class="turns">
                ${turns(c).map(
                  (t) =>
                    html`<dt>${t.userId ?? o.user.userId}</dt>
                      <dd>${t.user}</dd>
                      <dt>assistant</dt>
                      <dd>${t.assistant}</dd>`,
                )}
              </dl>
            </details>
          </article>`,
      )}
    </section>`,
  );
}

export function confirmDeleteConversationPage(o: {
  csrf: string;
  user: Owner;
  conversation: ConversationView;
}): Html {
  return layout(
    { title: "Delete a conversation", csrf: o.csrf, user: o.user, tab: "history" },
    html`<section class="card narrow">
      <h2>Delete this conversation?</h2>
      <p>
        <code>${o.conversation.id}</code> · ${o.conversation.counts.total} turns · last
        ${when(o.conversation.updatedAt)}
      </p>
      <p>Its turns and summary are deleted; the user's memories stay.</p>
      <form method="post" action="${userPath(o.user, "history/delete")}">
        <input type="hidden" name="csrf" value="${o.csrf}" />
        <input type="hidden" name="id" value="${o.conversation.id}" />
        <button type="submit" class="danger">Delete the conversation</button>
        <a href="${userPath(o.user, "history")}">Cancel</a>
      </form>
    </section>`,
  );
}

export function graphPage(o: {
  csrf: string;
  user: Owner;
  graph: GraphData;
  /** Undefined when the graph has no relation. */
  picture: GraphPicture | undefined;
}): Html {
  const picture = o.picture;
  const names = new Map(o.graph.nodes.map((n) => [n.id, n.name]));
  const facts = [...o.graph.relations].sort(
    (a, b) =>
      (names.get(a.source) ?? "").localeCompare(names.get(b.source) ?? "") ||
      Number(b.properties.current) - Number(a.properties.current) ||
      b.properties.createdAt - a.properties.createdAt,
  );
  return layout(
    { title: `Knowledge graph of ${o.user.userId}`, csrf: o.csrf, user: o.user, tab: "graph" },
    html`<section class="card">
      ${
        !picture
          ? html`<p class="muted">No facts yet.</p>`
          : html`<p class="legend">
                <span class="key entity">entity</span> <span class="key value">value</span>
                <span class="key superseded">superseded fact</span>
                <span class="muted"
                  >${picture.nodes} nodes, ${picture.relations}
                  relations${picture.omitted ? ` (${picture.omitted} older ones not drawn)` : ""}</span
                >
              </p>
              <figure class="graph" data-testid="graph">${raw(picture.svg)}</figure>
              <table class="facts">
                <thead>
                  <tr>
                    <th>Entity</th>
                    <th>Attribute</th>
                    <th>Value</th>
                    <th>State</th>
                    <th>Said</th>
                  </tr>
                </thead>
                <tbody>
                  ${facts.map(
                    (r) =>
                      html`<tr class="${r.properties.current ? "" : "superseded"}">
                        <td>${names.get(r.source) ?? r.source}</td>
                        <td>${r.label}</td>
                        <td>${names.get(r.target) ?? r.target}</td>
                        <td>${r.properties.current ? "current" : "superseded"}</td>
                        <td class="when">${when(r.properties.createdAt)}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
      }
    </section>`,
  );
}

export function errorPage(o: { status: number; message: string; csrf?: string | undefined }): Html {
  return layout(
    { title: `Error ${o.status}`, csrf: o.csrf },
    html`<section class="card narrow">
      <h1>${o.status}</h1>
      <p class="error" role="alert">${o.message}</p>
      <p><a href="${CONSOLE_PATH}">Back to the console</a></p>
    </section>`,
  );
}

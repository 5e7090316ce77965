/**
 * The admin console over plain HTTP (no browser): sign-in, the session cookie's attributes, a wrong
 * token, CSRF refusals, sign-out, escaping, and that the bearer-token JSON API is unchanged by it.
 * test/browser/console.test.ts drives the same pages in Chromium.
 */
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/admin/console/console-app.js";
import { ADMIN_TOKEN, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

interface MemoryView {
  id: string;
  doc: string;
}

describe("admin console (HTTP)", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "local", ollama: false }, (started) => (t = started));

  const origin = () => t.assistant.url;
  /** A request as the console's own page would send it: same-origin, with the session cookie if any. */
  const send = (
    path: string,
    init: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${origin()}${path}`, {
      method: init.form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded", origin: origin() } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });

  const signIn = async (headers: Record<string, string> = {}) => {
    const res = await send("/admin/console/sign-in", { form: { token: ADMIN_TOKEN }, headers });
    expect(res.status).toBe(303);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toBeDefined();
    return { res, setCookie: setCookie!, cookie: setCookie!.split(";")[0]! };
  };
  const csrfOf = async (cookie: string, path = "/admin/") => {
    const page = await (await send(path, { cookie })).text();
    return /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  };
  const addMemory = async (userId: string, text: string) =>
    (await (
      await t.admin(`/admin/memory/${userId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text }),
      })
    ).json()) as MemoryView;

  it("shows a sign-in form at /admin/ under a CSP without scripts, and sets no cookie", async () => {
    const res = await send("/admin/");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<form method="post" action="/admin/console/sign-in">');
    expect(page).toContain('type="password" name="token"');
    expect(page).not.toMatch(/<script/i);
    expect(res.headers.getSetCookie()).toEqual([]);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await send("/admin")).headers.get("location")).toBe("/admin/");
    const css = await send("/admin/console/console.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("signs in with the token: an HttpOnly, SameSite=Strict cookie on /admin, the token in no URL", async () => {
    const { res, setCookie, cookie } = await signIn();
    expect(res.headers.get("location")).toBe("/admin/");
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\/admin(;|$)/);
    expect(setCookie).not.toMatch(/; Secure/);
    expect(setCookie).not.toContain(ADMIN_TOKEN);
    const home = await (await send("/admin/", { cookie })).text();
    expect(home).toContain("Pick a user");
    expect(home).not.toContain(ADMIN_TOKEN);

    // Behind a TLS proxy the cookie is Secure.
    const secure = await signIn({ "x-forwarded-proto": "https" });
    expect(secure.setCookie).toMatch(/; Secure/);
  });

  it.each([
    ["a wrong token", "wrong-token-0123456789"],
    ["a token with a matching prefix", `${ADMIN_TOKEN}0`],
    ["no token", ""],
  ])("refuses %s: 401, no cookie", async (_what, token) => {
    const res = await send("/admin/console/sign-in", { form: { token } });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.text()).toContain("That is not the admin token.");
  });

  it("sends pages without a session to sign-in, and refuses a post without one", async () => {
    const page = await send("/admin/console/users/U_CON/memories");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/admin/");
    const forged = await send("/admin/console/users/U_CON/memories/mem_1/delete", { form: { csrf: "x" } });
    expect(forged.status).toBe(401);
    const badCookie = await send("/admin/console/users/U_CON/graph", {
      cookie: `${SESSION_COOKIE}=not-a-session`,
    });
    expect(badCookie.status).toBe(303);
  });

  it("lists a user's memories newest first, 50 a page, and refuses a cursor that is no offset", async () => {
    const user = "U_NEWEST";
    const texts = Array.from({ length: 55 }, (_, i) => `정렬 확인 메모 ${String(i).padStart(2, "0")}번`);
    const base = Date.now() - 100_000;
    for (const [i, text] of texts.entries()) {
      const res = await t.admin(`/admin/memory/${user}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text, metadata: { timestamp: base + i * 1_000 } }),
      });
      expect(res.status).toBe(201);
    }
    const { cookie } = await signIn();
    const first = await (await send(`/admin/console/users/${user}/memories`, { cookie })).text();
    expect(first.indexOf("메모 54번")).toBeGreaterThan(-1);
    expect(first.indexOf("메모 54번")).toBeLessThan(first.indexOf("메모 53번"));
    expect(first).not.toContain("메모 04번");
    const next = /href="([^"]*cursor=[^"]*)"/u.exec(first)![1]!.replace(/&amp;/gu, "&");
    const second = await (await send(next, { cookie })).text();
    expect(second).toContain("메모 04번");
    expect(second).toContain("메모 00번");
    expect(second).not.toContain("메모 05번");
    expect((await send(`/admin/console/users/${user}/memories?cursor=abc`, { cookie })).status).toBe(400);
  });

  it("refuses cross-site posts and posts without the session's CSRF token", async () => {
    const memory = await addMemory("U_CSRF", "CSRF 표적 메모");
    const { cookie } = await signIn();
    const csrf = await csrfOf(cookie);
    const path = `/admin/console/users/U_CSRF/memories/${memory.id}/delete`;

    // Another site's form: its Origin, or a browser's Sec-Fetch-Site: cross-site without an Origin.
    const cross = await send(path, { cookie, form: { csrf }, headers: { origin: "http://evil.example" } });
    expect(cross.status).toBe(403);
    const crossSite = await fetch(`${origin()}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie,
        "sec-fetch-site": "cross-site",
      },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(crossSite.status).toBe(403);
    // The console's own origin, but no token or another session's token.
    expect((await send(path, { cookie, form: {} })).status).toBe(403);
    const other = await signIn();
    expect((await send(path, { cookie, form: { csrf: await csrfOf(other.cookie) } })).status).toBe(403);
    // Sign-in itself is refused from another site (login CSRF).
    const login = await send("/admin/console/sign-in", {
      form: { token: ADMIN_TOKEN },
      headers: { origin: "http://evil.example" },
    });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);

    expect((await t.admin(`/admin/memory/U_CSRF/${memory.id}`)).status).toBe(200);
    const done = await send(path, { cookie, form: { csrf } });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toContain(`deleted=${memory.id}`);
    expect((await t.admin(`/admin/memory/U_CSRF/${memory.id}`)).status).toBe(404);
  });

  it("signs out: the cookie is cleared and the session ends", async () => {
    const { cookie } = await signIn();
    const csrf = await csrfOf(cookie);
    const out = await send("/admin/console/sign-out", { cookie, form: { csrf } });
    expect(out.status).toBe(303);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Path=\/admin/);
    // The old cookie, replayed, is no session any more.
    expect((await send("/admin/console/users/U_CON/memories", { cookie })).status).toBe(303);
    expect(await (await send("/admin/", { cookie })).text()).toContain('name="token"');
  });

  it("renders user text inert: a memory with markup shows as text", async () => {
    const evil = `<script>alert("x")</script><img src=x onerror=alert(1)> "quoted" & 'single'`;
    const memory = await addMemory("U_XSS", evil);
    await t.assistant.drain();
    const { cookie } = await signIn();
    for (const path of [
      "/admin/console/users/U_XSS/memories",
      `/admin/console/users/U_XSS/memories?q=${encodeURIComponent("script alert")}`,
      `/admin/console/users/U_XSS/memories/${memory.id}/delete`,
    ]) {
      const page = await (await send(path, { cookie })).text();
      expect(page, path).toContain(
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
      );
      expect(page, path).not.toMatch(/<script|<img/i);
    }
    // A search query is echoed escaped too.
    const echoed = await (
      await send(`/admin/console/users/U_XSS/memories?q=${encodeURIComponent('"><script>x</script>')}`, {
        cookie,
      })
    ).text();
    expect(echoed).not.toMatch(/<script/i);
  });

  it("lists users, searches with each retriever's rank and score, and draws the graph", async () => {
    const first = await addMemory("U_SHOW", "또리 생일은 10월 27일이야");
    await addMemory("U_SHOW", "두리는 비숑이야");
    await t.assistant.drain();
    const { cookie } = await signIn();
    const home = await (await send("/admin/", { cookie })).text();
    expect(home).toContain('href="/admin/console/users/U_SHOW/memories?team=local"');

    const picked = await send("/admin/console/users?user=U_SHOW&team=local", { cookie });
    expect(picked.headers.get("location")).toBe("/admin/console/users/U_SHOW/memories?team=local");

    const found = await (
      await send(`/admin/console/users/U_SHOW/memories?team=local&q=${encodeURIComponent("또리 생일")}&k=5`, {
        cookie,
      })
    ).text();
    const row = new RegExp(`<tr data-memory-id="${first.id}">([\\s\\S]*?)</tr>`).exec(found)![1]!;
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!.trim());
    // #, RRF score, relevant, vector rank, cosine, BM25 rank, BM25 score
    expect(cells[0]).toBe("1");
    expect(Number(cells[1])).toBeGreaterThan(0);
    expect(cells[2]).toBe("yes");
    expect(cells[5]).toBe("1");
    expect(Number(cells[6])).toBeGreaterThan(0);

    const graph = await (await send("/admin/console/users/U_SHOW/graph", { cookie })).text();
    expect(graph).toContain("<svg");
    const labels = [...graph.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels).toEqual(expect.arrayContaining(["또리", "10월 27일", "생일", "두리", "비숑"]));
  });

  it("deletes a chunked document from any of its chunks (ids with '#')", async () => {
    const text = Array.from(
      { length: 80 },
      (_, i) => `문단 ${i}: 또리는 산책을 좋아하고 간식을 잘 먹는다.`,
    ).join("\n");
    const res = await t.admin("/admin/memory/U_CHUNK", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
    const { chunks } = (await res.json()) as { chunks: string[] };
    expect(chunks.length).toBeGreaterThan(1);
    const second = chunks[1]!;
    expect(second).toContain("#");
    expect((await t.admin(`/admin/memory/U_CHUNK/${encodeURIComponent(second)}`)).status).toBe(200);

    const { cookie } = await signIn();
    const list = await (await send("/admin/console/users/U_CHUNK/memories", { cookie })).text();
    const link = `/admin/console/users/U_CHUNK/memories/${encodeURIComponent(second)}/delete?team=local`;
    expect(list).toContain(`href="${link}"`);
    const confirm = await send(link, { cookie });
    expect(confirm.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await confirm.text())![1]!;
    expect((await send(link, { cookie, form: { csrf } })).status).toBe(303);
    for (const id of chunks) {
      expect((await t.admin(`/admin/memory/U_CHUNK/${encodeURIComponent(id)}`)).status).toBe(404);
    }
  });

  it("shows the audit log, everyone's and per user, with ids but never a memory's text", async () => {
    const saved = await addMemory("U_AUDITED", "감사 로그에 나오면 안 되는 비밀 문장");
    const { cookie } = await signIn();
    await send("/admin/console/users/U_AUDITED/memories", { cookie }); // an operator's read: recorded
    const all = await (await send("/admin/console/audit", { cookie })).text();
    expect(all).toContain('data-testid="audit"');
    expect(all).toContain(saved.id);
    expect(all).toContain("admin-token");
    expect(all).not.toContain("비밀 문장");
    const tab = await send("/admin/console/users/U_AUDITED/audit", { cookie });
    expect(tab.status).toBe(200);
    const page = await tab.text();
    expect(page).toMatch(/<td>console-session<\/td>\s*<td>read<\/td>/u);
    expect(page).toMatch(/<td>admin-token<\/td>\s*<td>save<\/td>/u);
    expect(page).not.toContain("비밀 문장");
    expect((await send("/admin/console/audit?cursor=nope", { cookie })).status).toBe(400);
    expect((await send("/admin/console/audit")).status).toBe(303); // no session: to sign-in
  });

  it("leaves the bearer-token JSON API as it was: a session cookie does not open it", async () => {
    const { cookie } = await signIn();
    const res = await send("/admin/memory/list/U_SHOW", { cookie });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "unauthorized" });
    expect((await t.admin("/admin/nothing-here", { auth: false })).status).toBe(401);
    expect((await t.admin("/admin/memory/list/U_SHOW")).status).toBe(200);
  });
});

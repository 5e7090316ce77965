/**
 * The admin console in headless Chromium (Debian's `chromium`, driven by playwright-core) against the
 * real assistant: a wrong token is refused, sign-in, search, deleting a memory and a conversation, the
 * knowledge-graph picture's nodes, markup in a memory staying inert, sign-out — and every request the
 * pages make goes to the loopback server, with no CSP violation.
 *
 * Runs only where Chromium is installed (`.ci/run` installs it, so CI always runs it). With
 * `UPDATE_SCREENSHOTS=1` it writes the README's screenshots to docs/images/.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/admin/console/console-app.js";
import { dmConversation } from "../../src/history/index.js";
import { REPO_ROOT } from "../cli/cli-harness.js";
import { ADMIN_TOKEN, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) {
  console.warn(
    `[browser tests] skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH; .ci/run installs it)`,
  );
}

const USER = "U_BROWSER";
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === "1";

interface MemoryView {
  id: string;
}

describe.skipIf(!HAS_CHROMIUM)("admin console in Chromium", () => {
  let t: TestAssistant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  const requests: string[] = [];
  const problems: string[] = [];
  const failures: string[] = [];
  const memories: Record<string, string> = {};

  useTestAssistant({ mode: "local", ollama: false }, (started) => (t = started));

  const add = async (text: string, at: number) => {
    const res = await t.admin(`/admin/memory/${USER}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text, metadata: { timestamp: at } }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as MemoryView).id;
  };

  beforeAll(async () => {
    shots = SCREENSHOTS
      ? path.join(REPO_ROOT, "docs/images")
      : await mkdtemp(path.join(os.tmpdir(), "console-shots-"));
    await mkdir(shots, { recursive: true });
    const day = 24 * 60 * 60 * 1000;
    const start = Date.UTC(2025, 8, 1, 9, 0);
    memories.birthdayOld = await add("또리 생일은 10월 27일이야", start);
    memories.breed = await add("두리는 비숑이야", start + day);
    memories.suit = await add("결혼정장 업체명: 슈트패브릭, 전화번호: 0507-1370-9606", start + 2 * day);
    memories.vet = await add("또리 동물병원은 행복동물병원이야", start + 3 * day);
    memories.birthday = await add("또리 생일은 10월 28일이야", start + 4 * day);
    memories.evil = await add(
      `<script>window.__pwned = 1</script><img src="/admin/pwned" onerror="window.__pwned = 2"> 메모`,
      start + 5 * day,
    );
    const dm = dmConversation({ teamId: "local", userId: USER, channelId: "D_BROWSER" });
    await t.assistant.history.append(dm, {
      user: "또리 생일 언제야?",
      assistant: "또리 생일은 10월 28일이에요.",
      userAt: start + 6 * day,
      assistantAt: start + 6 * day + 1000,
    });
    await t.assistant.drain();

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        "--lang=en-US",
      ],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "en-US" });
    context.on("request", (r) => requests.push(r.url()));
    page = await context.newPage();
    page.on("console", (m) => {
      // A failed load is reported below with its URL.
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
    });
    page.on("response", (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const console = () => `${t.assistant.url}/admin/`;

  it("refuses a wrong token and sets no cookie", async () => {
    await page.goto(console());
    await page.getByLabel("Admin token").fill("wrong-token-0123456789");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/admin/console/sign-in")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    expect(answer.status()).toBe(401);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("That is not the admin token.");
    expect(await context.cookies()).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(shots, "console-sign-in.png") });
  });

  it("signs in: an HttpOnly SameSite=Strict session cookie, the token in no URL", async () => {
    await page.getByLabel("Admin token").fill(ADMIN_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Pick a user" }).waitFor();
    expect(page.url()).toBe(console());
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "Strict",
      path: "/admin",
    });
    expect(cookie!.value).not.toContain(ADMIN_TOKEN);
    // HttpOnly: the page's own script could not read it (evaluated by the test, not the page).
    expect(await page.evaluate("document.cookie")).toBe("");
    expect(requests.filter((u) => u.includes(ADMIN_TOKEN))).toEqual([]);
  });

  it("picks a user and lists their memories", async () => {
    await page.getByRole("link", { name: USER }).click();
    await page.getByTestId("memory-list").waitFor();
    expect(page.url()).toContain(`/admin/console/users/${USER}/memories?team=local`);
    const rows = page.locator("[data-testid=memory-list] tbody tr");
    expect(await rows.count()).toBe(Object.keys(memories).length);
    // Markup in a memory is text: shown as written, never run or loaded.
    const evil = page.locator(`tr[data-memory-id="${memories.evil}"] td.text`);
    await expect(evil.textContent()).resolves.toContain("<script>window.__pwned = 1</script>");
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    if (SCREENSHOTS)
      await page.screenshot({ path: path.join(shots, "console-memories.png"), fullPage: true });
  });

  it("searches, showing each retriever's rank and score", async () => {
    await page.getByLabel("Search").fill("또리 생일");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("search-results").waitFor();
    const first = page.locator("[data-testid=search-results] tbody tr").first();
    const cells = (await first.locator("td").allTextContents()).map((c) => c.trim());
    // #, RRF score, relevant, vector rank, cosine, BM25 rank, BM25 score, memory
    expect(cells[0]).toBe("1");
    expect(Number(cells[1])).toBeGreaterThan(0);
    expect(cells[2]).toBe("yes");
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
    expect(Number(cells[5])).toBeGreaterThanOrEqual(1);
    expect(Number(cells[6])).toBeGreaterThan(0);
    expect(cells[7]).toContain("또리 생일은 10월 28일이야");
    if (SCREENSHOTS) await page.screenshot({ path: path.join(shots, "console-search.png"), fullPage: true });
  });

  it("deletes a memory after a confirmation: gone from the list, the API and the graph", async () => {
    await page.getByRole("link", { name: "All memories" }).click();
    await page
      .locator(`tr[data-memory-id="${memories.breed}"]`)
      .getByRole("link", { name: "Delete" })
      .click();
    await expect(page.locator("blockquote").textContent()).resolves.toBe("두리는 비숑이야");
    await page.getByRole("button", { name: "Delete the memory" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain(
      `Deleted memory ${memories.breed}`,
    );
    expect(await page.locator(`tr[data-memory-id="${memories.breed}"]`).count()).toBe(0);
    expect((await t.admin(`/admin/memory/${USER}/${memories.breed}`)).status).toBe(404);
  });

  it("shows and deletes a history conversation", async () => {
    await page.getByRole("link", { name: "History" }).click();
    const conversation = page.locator("article.conversation");
    expect(await conversation.count()).toBe(1);
    await conversation.locator("summary").click();
    await expect(conversation.textContent()).resolves.toContain("또리 생일 언제야?");
    if (SCREENSHOTS) await page.screenshot({ path: path.join(shots, "console-history.png"), fullPage: true });
    await conversation.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete the conversation" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Deleted conversation");
    expect(await page.locator("article.conversation").count()).toBe(0);
  });

  it("draws the knowledge graph: entities, values, labelled edges, the superseded fact grey", async () => {
    await page.getByRole("link", { name: "Knowledge graph" }).click();
    const svg = page.locator("[data-testid=graph] svg");
    await svg.waitFor();
    const texts = async (selector: string) =>
      (await svg.locator(selector).allTextContents()).map((s) => s.trim()).sort();
    expect(await texts("g.node.entity text")).toEqual(expect.arrayContaining(["또리", "슈트패브릭"]));
    expect(await texts("g.node.value text")).toEqual(
      expect.arrayContaining(["10월 27일", "10월 28일", "0507-1370-9606", "행복동물병원"]),
    );
    expect(await texts("g.edge text")).toEqual(expect.arrayContaining(["생일", "동물병원"]));
    // The older birthday is history: its edge and value are greyed; the deleted memory's facts are gone.
    expect(await texts("g.node.superseded text")).toEqual(["10월 27일"]);
    expect(await svg.locator("g.edge.superseded").count()).toBe(1);
    const all = await texts("text");
    expect(all).not.toContain("두리");
    expect(all).not.toContain("비숑");
    if (SCREENSHOTS) await page.screenshot({ path: path.join(shots, "console-graph.png"), fullPage: true });
  });

  it("signs out: the session cookie is gone and pages go back to sign-in", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Admin token").waitFor();
    expect(await context.cookies()).toEqual([]);
    await page.goto(`${t.assistant.url}/admin/console/users/${USER}/memories`);
    expect(page.url()).toBe(console());
  });

  it("made every request to the loopback server, with no console error or CSP violation", () => {
    expect(requests.length).toBeGreaterThan(10);
    const elsewhere = requests.filter((u) => new URL(u).hostname !== "127.0.0.1");
    expect(elsewhere).toEqual([]);
    expect(requests.filter((u) => u.includes("/admin/pwned"))).toEqual([]);
    expect(problems).toEqual([]);
    expect(failures).toEqual(["401 /admin/console/sign-in"]);
  });
});

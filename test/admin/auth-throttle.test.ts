/**
 * Guessing the admin token is slowed: wrong bearer tokens and wrong console sign-ins from one address
 * share one bucket; ten in a burst, then 429 with Retry-After until it refills. Right tokens cost
 * nothing.
 */
import { describe, expect, it } from "vitest";
import { AuthThrottle, FAILED_AUTH_WINDOW_MS, MAX_FAILED_AUTH } from "../../src/http/auth-throttle.js";
import { isAppError } from "../../src/core/errors.js";
import { ADMIN_TOKEN, startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const WRONG = "wrong-token-0123456789";

describe("admin token throttle, through the app", () => {
  const signIn = (t: TestAssistant, token: string) =>
    fetch(`${t.assistant.url}/admin/console/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: t.assistant.url },
      body: new URLSearchParams({ token }).toString(),
    });

  it("refuses an address after ten wrong tokens (API and sign-in together), the right one too", async () => {
    const t = await startTestAssistant({ mode: "local", ollama: false });
    try {
      // Successes do not count.
      for (let i = 0; i < 2 * MAX_FAILED_AUTH; i++)
        expect((await t.admin("/admin/memory/list/U_THR")).status).toBe(200);
      expect((await signIn(t, ADMIN_TOKEN)).status).toBe(303);

      for (let i = 0; i < MAX_FAILED_AUTH / 2; i++) {
        expect((await t.admin("/admin/memory/list/U_THR", { auth: WRONG })).status).toBe(401);
        expect((await signIn(t, WRONG)).status).toBe(401);
      }
      const api = await t.admin("/admin/memory/list/U_THR");
      expect(api.status).toBe(429);
      expect(Number(api.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await api.json()).toMatchObject({ error: "too_many_requests" });
      const console = await signIn(t, ADMIN_TOKEN);
      expect(console.status).toBe(429);
      expect(console.headers.get("retry-after")).toBe(api.headers.get("retry-after"));
      expect(console.headers.getSetCookie()).toEqual([]);
      expect(await console.text()).toContain("Too many wrong tokens");
    } finally {
      await t.stop();
    }
  });
});

describe("AuthThrottle", () => {
  it("refills one try every window / max, per address", () => {
    let now = 0;
    const throttle = new AuthThrottle({ now: () => now });
    const blocked = (address: string) => {
      try {
        throttle.check(address);
        return undefined;
      } catch (err) {
        if (!isAppError(err, "too_many_requests")) throw err;
        return err.details?.["retryAfterSeconds"];
      }
    };
    for (let i = 0; i < MAX_FAILED_AUTH; i++) {
      expect(blocked("10.0.0.1")).toBeUndefined();
      throttle.failed("10.0.0.1");
    }
    const step = FAILED_AUTH_WINDOW_MS / MAX_FAILED_AUTH;
    expect(blocked("10.0.0.1")).toBe(Math.ceil(step / 1000));
    expect(blocked("10.0.0.2")).toBeUndefined(); // another address is not touched
    now += step;
    expect(blocked("10.0.0.1")).toBeUndefined(); // one more try …
    throttle.failed("10.0.0.1");
    expect(blocked("10.0.0.1")).toBeDefined(); // … and no more
    now += FAILED_AUTH_WINDOW_MS;
    for (let i = 0; i < MAX_FAILED_AUTH; i++) throttle.failed("10.0.0.1");
    expect(blocked("10.0.0.1")).toBeDefined(); // a full bucket, never more than full
  });
});

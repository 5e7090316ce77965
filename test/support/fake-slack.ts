/** Moved to fixtures/ (shared with tools/); re-exported for the tests that import it from here. */
export * from "../../fixtures/fake-slack.js";

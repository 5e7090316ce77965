import { describe, expect, it } from "vitest";
import { TopicRegistry } from "../../src/autosave/topic-registry.js";

describe("TopicRegistry", () => {
  it("folds case, spacing and NFC: 'Work', 'work ', 'WORK' are one label", () => {
    const registry = new TopicRegistry();
    expect(registry.record(["Work"])).toEqual(["Work"]);
    expect(registry.record(["work ", "WORK"])).toEqual(["Work"]);
    expect(registry.record(["road_trip"])).toEqual(["road_trip"]);
    expect(registry.normalize("Road Trip")).toBe("road_trip");
    // 가족 written with conjoining jamo (NFD) is the same label.
    registry.record(["가족"]);
    expect(registry.normalize("가족".normalize("NFD"))).toBe("가족");
  });

  it("folds a translation of a common topic into the existing label ('업무' → 'work')", () => {
    const registry = TopicRegistry.fromMemories([["work"], ["family"]]);
    expect(registry.normalize("업무")).toBe("work");
    expect(registry.normalize("가족")).toBe("family");
    expect(registry.normalize("Job")).toBe("work");
    expect(registry.labels().sort()).toEqual(["family", "work"]);
  });

  it("folds near spellings (plural, a missing space) and keeps a new topic new", () => {
    const registry = TopicRegistry.fromMemories([["hobby"], ["health care"]]);
    expect(registry.normalize("hobbies")).toBe("hobby");
    expect(registry.normalize("healthcare")).toBe("health care");
    expect(registry.normalize("gardening")).toBe("gardening");
  });

  it("ranks active topics by use, then by how recently", () => {
    const registry = TopicRegistry.fromMemories([
      ["work"],
      ["pets"],
      ["work", "schedule"],
      ["pets"],
      ["travel"],
    ]);
    expect(registry.active(3)).toEqual(["pets", "work", "travel"]);
  });

  it("ignores empty labels", () => {
    expect(new TopicRegistry().record(["", "  "])).toEqual([]);
  });
});

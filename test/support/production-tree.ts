/**
 * What the Dockerfile's runtime stage holds, laid out in a folder for a test: package.json and a
 * node_modules with only what `npm ci --omit=dev` installs — the lockfile's packages not marked
 * `dev` — hard-linked from the repository's node_modules (fast, and every file's real path stays in
 * the folder, so Node cannot find a devDependency by walking up to the repository).
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";

interface LockEntry {
  dev?: boolean;
}

export interface ProductionTree {
  /** Top-level packages placed in node_modules. */
  packages: number;
  /** Top-level packages left out because they are devDependencies or only theirs. */
  omitted: number;
  /**
   * "hardlink" normally; "symlink" when the folder is on another file system than node_modules (then
   * a devDependency reached through a production package's own imports would still resolve).
   */
  linked: "hardlink" | "symlink";
}

/** Fills `target` with package.json, package-lock.json and the production node_modules of `repo`. */
export function layOutProductionTree(repo: string, target: string): ProductionTree {
  mkdirSync(target, { recursive: true });
  for (const file of ["package.json", "package-lock.json"])
    copyFileSync(path.join(repo, file), path.join(target, file));
  const lock = JSON.parse(readFileSync(path.join(repo, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const isDev = (key: string) => lock.packages[key]?.dev === true;
  const tree: ProductionTree = { packages: 0, omitted: 0, linked: "hardlink" };
  for (const key of Object.keys(lock.packages)) {
    // Top-level entries only ("node_modules/a", "node_modules/@s/a"); nested ones come with their parent.
    if (!key.startsWith("node_modules/") || key.lastIndexOf("node_modules/") !== 0) continue;
    if (isDev(key)) {
      tree.omitted += 1;
      continue;
    }
    const from = path.join(repo, key);
    if (!existsSync(from)) continue; // an optional package for another platform
    const to = path.join(target, key);
    tree.packages += 1;
    try {
      linkTree(realpathSync(from), to, key, isDev);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      tree.linked = "symlink";
      rmSync(to, { recursive: true, force: true });
      mkdirSync(path.dirname(to), { recursive: true });
      symlinkSync(realpathSync(from), to, "dir");
    }
  }
  return tree;
}

/** Hard-links the files of `from` into `to` (recreating symlinks), skipping nested dev packages. */
function linkTree(from: string, to: string, key: string, isDev: (key: string) => boolean): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    const childKey = `${key}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!isDev(childKey)) linkTree(source, dest, childKey, isDev);
    } else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), dest);
    else linkSync(source, dest);
  }
}
